import { dashboardPage, type DashboardView } from '../../shared/http/dashboard-handler.js';
import { keysPage } from '../../shared/pages/dashboard-content.js';
import type { ServiceDeps } from '../../shared/app/service-deps.js';

/** GET /dashboard/keys: the partner's keys (last four, environment, dates), never a key itself. */
export const keysView =
  (deps: Pick<ServiceDeps, 'partnerStore'>): DashboardView =>
  async (event, ctx) =>
    dashboardPage(event, ctx, keysPage(await deps.partnerStore().listKeys(ctx.partner.id), ctx.session.keyId));
