import type { Lab, PlacementOutcome } from '../ports/lab.js';
import type { OrderRecord } from '../domain/order.js';
import { requisitionNumberFor } from '../domain/lab-orders/orm.js';

/**
 * The AWS sandbox's lab: accepts every order under a requisition number derived from the order
 * id, unless the order carries the sandbox scenario `placement_unconfirmed` or `lab_rejects`.
 */
export const simulatedLab: Lab = {
  async place(order: OrderRecord): Promise<PlacementOutcome> {
    if (order.simulation?.placement === 'unconfirmed')
      return { kind: 'unknown', reason: 'sandbox scenario placement_unconfirmed' };
    if (order.simulation?.placement === 'rejected') return { kind: 'rejected', ackCode: 'AR', errorCodes: ['207'] };
    return { kind: 'placed', requisitionNumber: requisitionNumberFor(order.id), accession: null };
  },
};
