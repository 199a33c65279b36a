import { placeScheduledOrder, placementSweep } from '../../shared/app/placement.js';
import type { ServiceDeps } from '../../shared/app/service-deps.js';

/** What this handler needs from the composition root (its entry in lambdas/ passes them). */
type Deps = Pick<ServiceDeps, 'recoveryDeps' | 'logger' | 'metrics'>;

/**
 * Placement (shared/app/placement.ts): invoked by the order's one-time EventBridge Scheduler
 * schedule with `{orderId, partnerId}` (`{orderId}` alone from a schedule made before they named the
 * partner), and by the sweep rule with `{sweep: true}`.
 */
export const makeHandler = (deps: Deps) => async (event: { orderId?: string; partnerId?: string; sweep?: boolean }) => {
  if (event.orderId) {
    const { placed } = await placeScheduledOrder(deps.recoveryDeps(), event.orderId, event.partnerId);
    deps.metrics()('Placements', placed ? 1 : 0);
    deps.logger().info('placement', { orderId: event.orderId, placed });
    return { placed: placed ? 1 : 0 };
  }
  const { placed, recovered, failure } = await placementSweep(deps.recoveryDeps());
  deps.metrics()('Placements', placed);
  deps.logger().info('placement sweep', { placed, recovered });
  // A failed half fails the invocation, so it is retried and its error reaches the logs and alarms.
  if (failure) throw failure;
  return { placed, recovered };
};
