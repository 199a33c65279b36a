import { placeDueOrders, placeOrder } from './place-order.js';
import { recoverOrders, type RecoveryDeps } from './recovery.js';
import { orderByKey } from './order-by-key.js';

/** How overdue an order must be before the sweep places it (one sweep period). */
export const SWEEP_GRACE_MS = 5 * 60_000;

/**
 * One order's placement, invoked by its one-time schedule: the order is read (by its key when the
 * schedule names its partner, as every schedule the service makes does; by its id alone for one
 * made by an earlier version) and placed at the lab unless someone (a cancel, the sweep) moved it
 * first. The requisition_ready webhook's first attempt is a step of the placement (deps.deliverNow).
 */
export async function placeScheduledOrder(
  deps: RecoveryDeps,
  orderId: string,
  partnerId?: string,
): Promise<{ placed: boolean }> {
  const order = await orderByKey(deps.orders, orderId, partnerId);
  const placed = order ? await placeOrder(deps, order) : null;
  return { placed: placed !== null };
}

/**
 * The sweep: places any order whose schedule was missed, and recovers orders a failure left
 * part-way. Each half runs whatever happens to the other; a failed half's error is returned, for
 * the caller to fail the invocation with once it has counted what the other half did.
 */
export async function placementSweep(
  deps: RecoveryDeps,
): Promise<{ placed: number; recovered: number; failure: unknown }> {
  const [placing, recovering] = await Promise.allSettled([
    placeDueOrders(deps, 25, SWEEP_GRACE_MS),
    recoverOrders(deps),
  ]);
  return {
    failure: [placing, recovering].find((r) => r.status === 'rejected')?.reason ?? null,
    placed: placing.status === 'fulfilled' ? placing.value : 0,
    recovered: recovering.status === 'fulfilled' ? recovering.value : 0,
  };
}
