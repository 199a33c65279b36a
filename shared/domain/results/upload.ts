import type { CatalogItem } from '../catalog.js';
import type { OrderRecord, OrderState } from '../order.js';
import { orderedTests } from '../lab-orders/orm.js';
import { flagFromRange } from './flags.js';
import { parseRange } from './hl7-values.js';
import type { Analyte, ResultFlag } from './types.js';

// Results an operator uploads (they arrived outside the electronic interface): the checks they
// pass before anything is stored, and the analytes as stored, with what the operator left out
// derived as the lab's own results are.

/** An analyte as the operator sends it: bounds, flag and time may be left out. */
export interface UploadedAnalyte {
  name: string;
  labTestCode: string;
  value: number | null;
  valueText?: string | null | undefined;
  unit: string;
  referenceRange: string;
  referenceRangeLow: number | null;
  referenceRangeHigh: number | null;
  flag?: ResultFlag | null | undefined;
  notReported: boolean;
  reportedAt?: string | undefined;
  /** Reported though no ordered test includes it: accepted only when marked so. */
  unordered?: boolean | undefined;
}

/** Before placement the partner's cancel window still runs and no requisition exists. */
const NOT_PLACED: readonly OrderState[] = ['scheduled', 'placing'];

export type UploadRefusal = { kind: 'not_placed'; state: OrderState } | { kind: 'not_ordered'; indexes: number[] };

/** The order must have reached the lab, and every analyte belong to an ordered test unless marked unordered. */
export function uploadRefusal(
  order: OrderRecord,
  analytes: ReadonlyArray<Pick<UploadedAnalyte, 'name' | 'labTestCode' | 'unordered'>>,
  byId: Map<string, CatalogItem>,
): UploadRefusal | null {
  if (NOT_PLACED.includes(order.state)) return { kind: 'not_placed', state: order.state };
  const known = new Set<string>();
  for (const t of orderedTests(order, byId))
    for (const b of t.biomarkers) {
      known.add(b.name.toLowerCase());
      if (b.loinc) known.add(b.loinc);
    }
  const indexes = analytes
    .map((a, i) => (a.unordered || known.has(a.labTestCode) || known.has(a.name.toLowerCase()) ? -1 : i))
    .filter((i) => i >= 0);
  return indexes.length ? { kind: 'not_ordered', indexes } : null;
}

/**
 * The analytes as stored. Bounds not given as numbers are read from the range text as a lab writes
 * it ("12.6-17.7", "<200"); a missing flag is judged from the range (none for a withheld result);
 * a missing report time is the upload's.
 */
export function uploadedAnalytes(analytes: readonly UploadedAnalyte[], receivedAt: Date): Analyte[] {
  return analytes.map(({ unordered: _unordered, ...a }) => {
    const bounds =
      a.referenceRangeLow === null && a.referenceRangeHigh === null
        ? parseRange(a.referenceRange)
        : { low: a.referenceRangeLow, high: a.referenceRangeHigh };
    return {
      ...a,
      referenceRangeLow: bounds.low,
      referenceRangeHigh: bounds.high,
      valueText: a.valueText ?? null,
      flag: a.notReported ? null : a.flag !== undefined ? a.flag : flagFromRange(a.value, bounds.low, bounds.high),
      reportedAt: a.reportedAt ?? receivedAt.toISOString(),
    };
  });
}
