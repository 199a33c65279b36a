import { placeDueOrders, placeOrder } from '../../shared/domain/place-order.js';
import { recoverOrders } from '../../shared/domain/recovery.js';
import { orderStore, placeOrderDeps, recoveryDeps } from '../../shared/composition.js';
import { logger } from '../../shared/adapters/logger.js';
import { countMetric } from '../../shared/adapters/alerts.js';

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
  const placed = await placeDueOrders(deps);
  countMetric('Placements', placed);
  const recovered = await recoverOrders(recoveryDeps());
  logger.info('placement sweep', { placed, recovered });
  return { placed, recovered };
};
