import type { OrderRecord } from './order.js';

/**
 * Orders that a failure left part-way, each found again by the recovery sweep:
 * - placing: the placement call never finished (a crash or timeout while the lab was asked);
 * - requisition: the lab accepted the order but its requisition was not issued;
 * - refund: a cancelled order whose refund did not go through (or was never recorded).
 */
export type RecoveryKind = 'placing' | 'requisition' | 'refund';

/** Which recovery an order needs if it stays as it is, or null. Sandbox rehearsals are left alone. */
export function recoveryKind(
  order: Pick<OrderRecord, 'state' | 'requisitionNumber' | 'payment' | 'simulation'>,
): RecoveryKind | null {
  if (order.state === 'placing' && order.simulation?.placement !== 'held') return 'placing';
  if (order.state === 'placed' && order.requisitionNumber !== null) return 'requisition';
  if (order.state === 'cancelled' && order.payment.status === 'refund_pending' && order.simulation?.refund !== 'fails')
    return 'refund';
  return null;
}
