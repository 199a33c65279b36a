import type { CatalogItem } from '../domain/catalog.js';
import type { OrderRecord, OrderState } from '../domain/order.js';
import { orderedTests } from '../domain/lab-orders/orm.js';

// The checks an operator's results upload passes before anything is stored: the order must have
// reached the lab (before that the partner may still cancel it), and every analyte must belong
// to a test that was ordered, unless the operator marks it as reported outside the order.

/** Before placement the partner's cancel window still runs and no requisition exists. */
const NOT_PLACED: readonly OrderState[] = ['scheduled', 'placing'];

export type UploadRefusal = { kind: 'not_placed'; state: OrderState } | { kind: 'not_ordered'; indexes: number[] };

export function uploadRefusal(
  order: OrderRecord,
  analytes: Array<{ name: string; labTestCode: string; unordered?: boolean }>,
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
