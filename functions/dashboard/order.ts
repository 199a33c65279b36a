import { dashboardPage, type DashboardView } from '../../shared/http/dashboard-handler.js';
import { pageNotFound } from '../../shared/http/page-handler.js';
import { query } from '../../shared/http/respond.js';
import { isPlausibleId } from '../../shared/domain/ids.js';
import { toPublicOrder } from '../../shared/domain/order.js';
import { requisitionLink, resultsDocument } from '../../shared/app/partner-orders.js';
import { recordAccess, type AccessTarget } from '../../shared/app/record-access.js';
import type { AuditAction } from '../../shared/ports/audit-log.js';
import { orderPage } from '../../shared/pages/dashboard-content.js';
import { SERVICE_CONFIG } from '../../shared/config/service-config.js';
import type { ServiceDeps } from '../../shared/app/service-deps.js';

type Deps = Pick<
  ServiceDeps,
  'auditDeps' | 'clock' | 'deliveryStore' | 'documentStore' | 'orderStore' | 'resultsStore'
>;

const NOTICES: Record<string, string> = {
  advanced: 'The order moved on to its next step.',
  simulated: 'The scenario is set for this order.',
  refused: 'That action does not apply to the order in its current state.',
};

/**
 * GET /dashboard/orders/{id}: one order with its patient, documents (fresh signed links on every
 * load) and timeline. Another partner's order id reads as unknown: 404.
 */
export const orderView =
  (deps: Deps): DashboardView =>
  async (event, ctx) => {
    const id = event.pathParameters?.id ?? '';
    const order = isPlausibleId(id) ? await deps.orderStore().get(ctx.partner.id, id) : null;
    if (!order)
      return { ...pageNotFound(event), headers: { ...pageNotFound(event).headers, 'Cache-Control': 'no-store' } };
    const now = deps.clock().now();
    const [requisition, results, deliveries] = await Promise.all([
      requisitionLink({ documents: deps.documentStore(), now }, order),
      resultsDocument({ documents: deps.documentStore(), results: deps.resultsStore(), now }, ctx.partner.id, order),
      deps.deliveryStore().listForPartner(ctx.partner.id, { orderId: order.id, limit: 50 }),
    ]);
    // The page shows the patient and hands out document links: the same audit records as the API's
    // reads, written before the page is answered (no record, no page).
    const principal = { type: 'partner' as const, partnerId: ctx.partner.id, keyId: ctx.session.keyId };
    const target: AccessTarget[] = [{ orderId: order.id, partnerId: ctx.partner.id }];
    const actions: AuditAction[] = ['order.read'];
    if (requisition) actions.push('requisition.url_issued');
    if (results) actions.push('results.url_issued');
    for (const action of actions) {
      const requestId = event.requestContext?.requestId ?? null;
      const ok = await recordAccess(deps.auditDeps(), {
        action,
        principal,
        outcome: 'success',
        requestId,
        targets: target,
      });
      if (!ok) throw new Error('audit record could not be written');
    }
    const notice = NOTICES[query(event).notice ?? ''] ?? null;
    return dashboardPage(
      event,
      ctx,
      orderPage(toPublicOrder(order, SERVICE_CONFIG.cancelWindowMinutes), { requisition, results }, deliveries, {
        sandbox: ctx.sandbox,
        csrf: ctx.csrf,
        notice,
      }),
    );
  };
