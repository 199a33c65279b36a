import type { OrderRecord } from '../domain/order.js';

export type PlacementOutcome =
  | { kind: 'placed'; requisitionNumber: string }
  /** The lab may or may not have the order (timeout, lost answer): support must verify. */
  | { kind: 'unknown'; reason: string };

export interface Lab {
  place(order: OrderRecord): Promise<PlacementOutcome>;
}
