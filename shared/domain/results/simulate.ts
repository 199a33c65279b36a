import type { Biomarker } from '../catalog.js';
import { makeConsistent, type SimValue } from './consistent.js';

// The simulated lab's electronic results: a real ORU^R01 v2.5.1 message, fed to the same
// ingestion code as a real lab interface. Values sit around each reference range; about one in
// seven is out of range. Randomness is injected so tests are deterministic.

export interface OruInput {
  placerOrderNumber: string;
  /** OBR-18 as the order message sent it (a lab returns it with the results), when it had one. */
  placerField1?: string;
  requisitionNumber: string;
  observedAt: Date;
  biomarkers: Biomarker[];
  scenario?: 'normal' | 'critical' | 'withheld';
  random: () => number;
}

const ts = (d: Date) => d.toISOString().replace(/[-:T]/g, '').slice(0, 14) + '+0000';
const round = (n: number, ref: number) => {
  const decimals = Math.abs(ref) >= 100 ? 0 : Math.abs(ref) >= 10 ? 1 : 2;
  return Number(n.toFixed(decimals));
};
const clean = (s: string) => s.replace(/[|^~\\&]/g, ' ');

export function simulatedValue(
  b: Biomarker,
  random: () => number,
  forceCritical: boolean,
): { value: number; flag: string } | null {
  if (b.referenceLow === null || b.referenceHigh === null) return null;
  const low = b.referenceLow;
  const high = b.referenceHigh;
  const width = Math.max(high - low, Math.abs(high) * 0.1, 0.1);
  const r = random();
  let value: number;
  let flag = 'N';
  if (forceCritical) {
    value = high + width * 1.5;
    flag = 'HH';
  } else if (r < 0.07 && low > 0) {
    value = Math.max(0, low - width * (0.05 + random() * 0.3));
    flag = 'L';
  } else if (r < 0.14) {
    value = high + width * (0.05 + random() * 0.4);
    flag = 'H';
  } else {
    value = low + width * (0.1 + random() * 0.8);
  }
  value = round(value, high);
  // Rounding can land a value back on the range: the flag follows the value sent.
  if (flag === 'L' && value >= low) flag = 'N';
  if (flag === 'H' && value <= high) flag = 'N';
  return { value, flag };
}

export function buildOruMessage(input: OruInput): string {
  const at = ts(input.observedAt);
  const segments = [
    `MSH|^~\\&|SIMLAB|SIMLAB-CORE|LABTESTS|LABTESTS|${at}||ORU^R01^ORU_R01|${clean(input.requisitionNumber)}-${at}|P|2.5.1`,
    // A placeholder patient: the service matches results by order number and never reads PID.
    'PID|1||SANDBOX^^^SIMLAB||PATIENT^SANDBOX',
    `ORC|RE|${clean(input.placerOrderNumber)}|${clean(input.requisitionNumber)}`,
    `OBR|1|${clean(input.placerOrderNumber)}|${clean(input.requisitionNumber)}|PANEL^Ordered tests^L|||${at}|||||||||||${clean(input.placerField1 ?? '')}||||${at}|||F`,
  ];
  const withheldIndex = input.scenario === 'withheld' ? input.biomarkers.findIndex((b) => b.referenceLow !== null) : -1;
  const criticalIndex =
    input.scenario === 'critical'
      ? input.biomarkers.findIndex((b) => b.referenceLow !== null && b.referenceHigh !== null)
      : -1;
  // Every value first, so the derived ones (lipid arithmetic, red-cell indices) can follow the measured.
  const sims = new Map<string, SimValue>();
  const simOf = input.biomarkers.map((b, i) => {
    if (i === withheldIndex) return null;
    const sim = simulatedValue(b, input.random, i === criticalIndex);
    const entry = sim ? { ...sim, low: b.referenceLow, high: b.referenceHigh } : null;
    if (entry && b.loinc) sims.set(b.loinc, entry);
    return entry;
  });
  const critical = criticalIndex >= 0 ? (input.biomarkers[criticalIndex]?.loinc ?? null) : null;
  makeConsistent(sims, critical);
  input.biomarkers.forEach((b, i) => {
    const code = `${clean(b.loinc ?? `SIM-${i + 1}`)}^${clean(b.name)}^${b.loinc ? 'LN' : 'L'}`;
    const unit = clean(b.unit ?? '');
    const range =
      b.referenceLow !== null && b.referenceHigh !== null
        ? `${b.referenceLow}-${b.referenceHigh}`
        : b.referenceHigh !== null
          ? `<${b.referenceHigh}`
          : '';
    if (i === withheldIndex) {
      segments.push(`OBX|${i + 1}|NM|${code}|||${unit}|${range}|||X|||${at}`);
      segments.push('NTE|1||Not reported: reflex criteria not met.');
      return;
    }
    const sim = simOf[i];
    if (!sim) {
      segments.push(`OBX|${i + 1}|ST|${code}||${input.random() < 0.05 ? 'Reactive' : 'Negative'}|||||F|||${at}`);
      return;
    }
    segments.push(`OBX|${i + 1}|NM|${code}||${sim.value}|${unit}|${range}|${sim.flag}|||F|||${at}`);
  });
  return `${segments.join('\r')}\r`;
}

/** A small seeded generator (mulberry32) for reproducible simulated results. */
export function seededRandom(seed: string): () => number {
  let a = [...seed].reduce((h, c) => Math.imul(h ^ c.charCodeAt(0), 16777619), 2166136261) >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
