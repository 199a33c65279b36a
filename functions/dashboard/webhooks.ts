import { dashboardPage, type DashboardView } from '../../shared/http/dashboard-handler.js';
import { query } from '../../shared/http/respond.js';
import { deliveriesQuerySchema } from '../../shared/http/schemas/webhooks.js';
import { webhooksPage } from '../../shared/pages/dashboard-content.js';
import type { ServiceDeps } from '../../shared/app/service-deps.js';

function notice(q: Record<string, string | undefined>): string | null {
  const http = /^\d{3}$/.test(q.http ?? '') ? ` (HTTP ${q.http})` : ' (no answer)';
  switch (q.notice) {
    case 'test-delivered':
      return `Test event delivered${http}.`;
    case 'test-failed':
      return `Test event not delivered${http}.`;
    case 'replayed':
      return `Delivery sent again${http}.`;
    case 'busy':
      return 'That delivery is being attempted right now; try again in a moment.';
    default:
      return null;
  }
}

/** GET /dashboard/webhooks: the partner's delivery log with every attempt, replay and test buttons. */
export const webhooksView =
  (deps: Pick<ServiceDeps, 'deliveryStore'>): DashboardView =>
  async (event, ctx) => {
    const q = query(event);
    const status = deliveriesQuerySchema.safeParse({ status: q.status || undefined });
    const filter = status.success ? status.data.status : undefined;
    const deliveries = await deps.deliveryStore().listForPartner(ctx.partner.id, {
      limit: 50,
      ...(filter ? { status: filter } : {}),
    });
    return dashboardPage(
      event,
      ctx,
      webhooksPage(ctx.partner.webhookUrl, deliveries, { csrf: ctx.csrf, notice: notice(q), status: filter }),
    );
  };
