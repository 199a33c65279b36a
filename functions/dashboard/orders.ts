import { dashboardPage, type DashboardView } from '../../shared/http/dashboard-handler.js';
import { query } from '../../shared/http/respond.js';
import { listOrdersQuerySchema } from '../../shared/http/schemas/partner.js';
import { listOrders } from '../../shared/app/partner-orders.js';
import { ordersPage } from '../../shared/pages/dashboard-content.js';
import type { ServiceDeps } from '../../shared/app/service-deps.js';

/** GET /dashboard: the partner's orders, newest first, filtered by status and externalId, paged. */
export const ordersView =
  (deps: Pick<ServiceDeps, 'orderStore' | 'cursorSecret'>): DashboardView =>
  async (event, ctx) => {
    const raw = Object.fromEntries(Object.entries(query(event)).filter(([, v]) => v));
    const parsed = listOrdersQuerySchema.safeParse({ ...raw, limit: '25' });
    const filter = parsed.success ? parsed.data : {};
    const page = await listOrders(
      { orders: deps.orderStore(), cursorSecret: await deps.cursorSecret() },
      ctx.partner.id,
      filter,
    );
    const problem = !parsed.success
      ? 'That filter is not valid; showing every order.'
      : !page.ok
        ? 'That page link is not valid for this filter; showing the first page.'
        : null;
    const shown = page.ok
      ? page
      : await listOrders({ orders: deps.orderStore(), cursorSecret: await deps.cursorSecret() }, ctx.partner.id, {
          ...filter,
          cursor: undefined,
        });
    const data = shown.ok ? shown.data : [];
    const next = shown.ok ? shown.nextCursor : null;
    return dashboardPage(event, ctx, ordersPage(data, filter, next, problem));
  };
