import type { CatalogItem } from '../domain/catalog.js';
import type { OrderRecord } from '../domain/order.js';
import { recordResults, type RecordResultsDeps } from './record-results.js';
import { uploadRefusal, uploadedAnalytes, type UploadedAnalyte, type UploadRefusal } from '../domain/results/upload.js';
import type { OrderStore } from '../ports/order-store.js';
import type { ChangeAudit } from '../ports/audit-log.js';

export interface UploadResultsCommand {
  orderId: string;
  analytes: UploadedAnalyte[];
  pdfs: Array<{ label: string; bytes: Uint8Array }>;
}

export type UploadOutcome =
  | { kind: 'recorded'; order: OrderRecord; analytes: number }
  | { kind: 'no_order' }
  | UploadRefusal
  /** The order cannot take results (cancelled, or results already final). */
  | { kind: 'not_accepted'; reason: string };

/**
 * POST /admin/v1/orders/{id}/results: results that arrived outside the electronic interface,
 * uploaded by an operator (source operator_upload), checked against the order, completed as the
 * domain derives them, and recorded as the lab's own results are.
 */
export async function uploadResults(
  deps: RecordResultsDeps & { orders: OrderStore; catalog: () => Promise<Map<string, CatalogItem>> },
  cmd: UploadResultsCommand,
  audit?: ChangeAudit,
): Promise<UploadOutcome> {
  const found = deps.orders.findById(cmd.orderId);
  // The catalogue is read beside the order, not after it: the check needs both.
  const catalog = deps.catalog();
  catalog.catch(() => undefined); // awaited below, unless the order is missing
  if (cmd.pdfs.length === 0) deps.prepareReport?.(); // the report is rendered only when none came
  const order = await found;
  if (!order) return { kind: 'no_order' };
  const refusal = uploadRefusal(order, cmd.analytes, await catalog);
  if (refusal) return refusal;
  const analytes = uploadedAnalytes(cmd.analytes, deps.now());
  const recorded = await recordResults(deps, order, {
    source: 'operator_upload',
    analytes,
    pdfs: cmd.pdfs,
    trigger: 'operator_upload',
    ...(audit ? { audit } : {}),
  });
  if (!recorded.ok) return { kind: 'not_accepted', reason: recorded.reason };
  return { kind: 'recorded', order: recorded.order, analytes: analytes.length };
}
