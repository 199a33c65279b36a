import type { OrderRecord } from '../domain/order.js';

export type PlacementOutcome =
  /** The lab took the order; `accession` is the lab's own number for it (ORC-3) when it gave one. */
  | { kind: 'placed'; requisitionNumber: string; accession?: string | null }
  /** The lab refused the order (AE/AR): an operator prepares it by hand. Codes only, never the lab's text. */
  | { kind: 'rejected'; ackCode: 'AE' | 'AR'; errorCodes: string[] }
  /** Nothing reached the lab (connection refused): placing again later is safe. */
  | { kind: 'unreachable'; reason: string }
  /** The lab may or may not have the order (timeout, lost answer): support must verify. */
  | { kind: 'unknown'; reason: string };

export interface Lab {
  place(order: OrderRecord): Promise<PlacementOutcome>;
}
