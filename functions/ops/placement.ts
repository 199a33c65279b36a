import { placeDueOrders, placeOrder } from '../../shared/domain/place-order.js';
import { recoverOrders } from '../../shared/domain/recovery.js';
import { orderStore, placeOrderDeps, recoveryDeps } from '../../shared/composition.js';
import { logger } from '../../shared/adapters/logger.js';
import { countMetric } from '../../shared/adapters/alerts.js';

/** How overdue an order must be before the sweep places it (one sweep period). */
const SWEEP_GRACE_MS = 5 * 60_000;

/**
 * Placement: invoked by the order's one-time EventBridge Scheduler schedule with `{orderId}`, and
 * by the sweep rule with `{sweep: true}` for any order whose placement is overdue and for the
 * recovery of orders a failure left part-way (shared/domain/recovery.ts).
 */
export const handler = async (event: { orderId?: string; sweep?: boolean }) => {
  const deps = placeOrderDeps();
  if (event.orderId) {
    const order = await orderStore().findById(event.orderId);
    const placed = order ? await placeOrder(deps, order) : null;
    countMetric('Placements', placed ? 1 : 0);
    logger.info('placement', { orderId: event.orderId, placed: placed !== null });
    return { placed: placed ? 1 : 0 };
  }
  // Each half runs whatever happens to the other: a placement failure must not hold up recovery.
  // The order's own schedule places it on time; the sweep takes only what a schedule missed.
  const [placing, recovering] = await Promise.allSettled([
    placeDueOrders(deps, 25, SWEEP_GRACE_MS),
    recoverOrders(recoveryDeps()),
  ]);
  const placed = placing.status === 'fulfilled' ? placing.value : 0;
  const recovered = recovering.status === 'fulfilled' ? recovering.value : 0;
  countMetric('Placements', placed);
  logger.info('placement sweep', { placed, recovered });
  // A failed half fails the invocation, so it is retried and its error reaches the logs and alarms.
  for (const r of [placing, recovering]) if (r.status === 'rejected') throw r.reason;
  return { placed, recovered };
};
