import type { Analyte, AnalyteCorrection } from './types.js';

// How a lab's later messages change the results: preliminary values are kept but do not report
// the order; a corrected value (OBX-11 C) replaces the earlier one and keeps it in the analyte's
// history; a deletion (D) withdraws the analyte, keeping its unit and history.

const PRELIMINARY = new Set(['P', 'I', 'R', 'S', 'A']);
const AMENDING = new Set(['C', 'D']);

export type ReportKind = 'preliminary' | 'final' | 'correction';

/** What a message is for an order: `reported` is whether the order already has final results. */
export function reportKind(statuses: string[], reported: boolean): ReportKind {
  if (reported && statuses.some((s) => AMENDING.has(s))) return 'correction';
  if (statuses.length > 0 && statuses.every((s) => PRELIMINARY.has(s))) return 'preliminary';
  return 'final';
}

const key = (a: Analyte) => a.labTestCode || a.name;
const snapshot = (a: Analyte): AnalyteCorrection => ({
  value: a.value,
  valueText: a.valueText ?? null,
  flag: a.flag,
  reportedAt: a.reportedAt,
});

/**
 * The analytes after a message: each incoming analyte updates the earlier one with its code (the
 * first not yet updated, so repeated codes pair up in order); the rest are appended as sent.
 */
export function amendAnalytes(previous: Analyte[], incoming: Analyte[], statuses: string[]): Analyte[] {
  const merged = previous.map((a) => ({ ...a }));
  const used = new Set<number>();
  incoming.forEach((a, i) => {
    const status = statuses[i] ?? 'F';
    const at = merged.findIndex((p, j) => !used.has(j) && key(p) === key(a));
    if (at < 0) {
      merged.push(a);
      used.add(merged.length - 1);
      return;
    }
    used.add(at);
    const prev = merged[at] as Analyte;
    const history = [
      ...(prev.corrections ?? []),
      ...(AMENDING.has(status) && !prev.notReported ? [snapshot(prev)] : []),
    ];
    const next: Analyte =
      status === 'D'
        ? { ...prev, value: null, valueText: null, flag: null, notReported: true, reportedAt: a.reportedAt }
        : { ...a, unit: a.unit || prev.unit };
    merged[at] = history.length ? { ...next, corrections: history } : next;
  });
  return merged;
}
