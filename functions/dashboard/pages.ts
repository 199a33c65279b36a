import { dashboardHandler, type DashboardView } from '../../shared/http/dashboard-handler.js';
import { pageNotFound } from '../../shared/http/page-handler.js';
import { ordersView } from './orders.js';
import { orderView } from './order.js';
import { webhooksView } from './webhooks.js';
import { keysView } from './keys.js';
import { dashboardWiring } from '../../shared/composition.js';

const VIEWS: Record<string, DashboardView> = {
  '/dashboard': ordersView,
  '/dashboard/orders/{id}': orderView,
  '/dashboard/webhooks': webhooksView,
  '/dashboard/keys': keysView,
};

/**
 * The partner dashboard's pages (GET), each its own route in the manifest. They read only, so
 * they share one Lambda with read access (the stack makes one Lambda per handler module).
 */
export const handler = dashboardHandler(dashboardWiring, async (event, ctx) =>
  (VIEWS[event.resource] ?? ((e) => Promise.resolve(pageNotFound(e))))(event, ctx),
);
