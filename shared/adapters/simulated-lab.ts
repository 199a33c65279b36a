import { createHash } from 'node:crypto';
import type { Lab, PlacementOutcome } from '../ports/lab.js';
import type { OrderRecord } from '../domain/order.js';

/**
 * The sandbox's lab: accepts every order and answers with a requisition number derived from the
 * order id, unless the order carries the sandbox scenario `placement_unconfirmed`.
 */
export const simulatedLab: Lab = {
  async place(order: OrderRecord): Promise<PlacementOutcome> {
    if (order.simulation?.placement === 'unconfirmed')
      return { kind: 'unknown', reason: 'sandbox scenario placement_unconfirmed' };
    const digits = BigInt(`0x${createHash('sha256').update(order.id).digest('hex').slice(0, 12)}`)
      .toString()
      .padStart(12, '0')
      .slice(-10);
    return { kind: 'placed', requisitionNumber: `RQ${digits}` };
  },
};
