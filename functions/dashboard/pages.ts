import { dashboardHandler, type DashboardView, type DashboardEdgeDeps } from '../../shared/http/dashboard-handler.js';
import { pageNotFound } from '../../shared/http/page-handler.js';
import { ordersView } from './orders.js';
import { orderView } from './order.js';
import { webhooksView } from './webhooks.js';
import { keysView } from './keys.js';

/** What this handler needs from the composition root (its entry in lambdas/ passes them). */
type Deps = DashboardEdgeDeps &
  Parameters<typeof ordersView>[0] &
  Parameters<typeof orderView>[0] &
  Parameters<typeof webhooksView>[0] &
  Parameters<typeof keysView>[0];

/**
 * The partner dashboard's pages (GET), each its own route in the manifest. They read only, so
 * they share one Lambda with read access (the stack makes one Lambda per handler module).
 */
export const makeHandler = (deps: Deps) => {
  const views: Record<string, DashboardView> = {
    '/dashboard': ordersView(deps),
    '/dashboard/orders/{id}': orderView(deps),
    '/dashboard/webhooks': webhooksView(deps),
    '/dashboard/keys': keysView(deps),
  };
  return dashboardHandler(deps, async (event, ctx) =>
    (views[event.resource] ?? ((e) => Promise.resolve(pageNotFound(e))))(event, ctx),
  );
};
