import { placeScheduledOrder, placementSweep } from '../../shared/app/placement.js';
import { recoveryDeps } from '../../shared/composition.js';
import { logger } from '../../shared/adapters/logger.js';
import { countMetric } from '../../shared/adapters/alerts.js';

/**
 * Placement (shared/app/placement.ts): invoked by the order's one-time EventBridge Scheduler
 * schedule with `{orderId}`, and by the sweep rule with `{sweep: true}`.
 */
export const handler = async (event: { orderId?: string; sweep?: boolean }) => {
  if (event.orderId) {
    const { placed } = await placeScheduledOrder(recoveryDeps(), event.orderId);
    countMetric('Placements', placed ? 1 : 0);
    logger.info('placement', { orderId: event.orderId, placed });
    return { placed: placed ? 1 : 0 };
  }
  const { placed, recovered, failure } = await placementSweep(recoveryDeps());
  countMetric('Placements', placed);
  logger.info('placement sweep', { placed, recovered });
  // A failed half fails the invocation, so it is retried and its error reaches the logs and alarms.
  if (failure) throw failure;
  return { placed, recovered };
};
