import type { ResultFlag } from './types.js';

// How an analyte gets its flag. The lab's own abnormal flag (OBX-8, HL7 table 0078) wins when it
// states a direction; otherwise the value is judged against its reference range. Whenever no
// verdict can be made, the flag is null, never 'normal'.

/** Inside the range, this share of its width at each edge is "borderline". */
export const BORDERLINE_SHARE = 0.05;
/** Beyond the range by this many widths is critical (below: half a width; above: a whole width). */
export const CRITICAL_BELOW_WIDTHS = 0.5;
export const CRITICAL_ABOVE_WIDTHS = 1.0;

export function flagFromRange(value: number | null, low: number | null, high: number | null): ResultFlag | null {
  if (value === null || !Number.isFinite(value) || (low === null && high === null)) return null;
  const width = low !== null && high !== null ? high - low : null;
  if (low !== null && value < low)
    return width !== null && width > 0 && value < low - CRITICAL_BELOW_WIDTHS * width ? 'critical_low' : 'low';
  if (high !== null && value > high)
    return width !== null && width > 0 && value > high + CRITICAL_ABOVE_WIDTHS * width ? 'critical_high' : 'high';
  if (width !== null && width > 0 && low !== null && high !== null) {
    if (value < low + BORDERLINE_SHARE * width) return 'borderline_low';
    if (value > high - BORDERLINE_SHARE * width) return 'borderline_high';
  }
  return 'normal';
}

/** Combines the lab's abnormal flags with the range verdict. */
export function resultFlag(
  labFlags: string[],
  value: number | null,
  low: number | null,
  high: number | null,
): ResultFlag | null {
  const f = new Set(labFlags.map((x) => x.trim().toUpperCase()).filter(Boolean));
  if (f.has('LL') || f.has('<')) return 'critical_low';
  if (f.has('HH') || f.has('>')) return 'critical_high';
  const derived = flagFromRange(value, low, high);
  // The lab's own severity stands: L and H are low and high, only LL and HH are critical.
  if (f.has('L')) return 'low';
  if (f.has('H')) return 'high';
  if (f.has('AA'))
    return derived === 'low' || derived === 'critical_low'
      ? 'critical_low'
      : derived === 'high' || derived === 'critical_high'
        ? 'critical_high'
        : null;
  // A (abnormal) without direction: the range may tell which way; if it cannot, no verdict.
  if (f.has('A')) return derived && derived !== 'normal' && !derived.startsWith('borderline') ? derived : null;
  // N: the lab says normal. Its verdict stands; a value near the edge of the range reads borderline.
  if (f.has('N')) return derived === 'borderline_low' || derived === 'borderline_high' ? derived : 'normal';
  // Susceptibility (S, R, I, MS, VS) and other codes are not range verdicts.
  if (f.size > 0) return null;
  return derived;
}
