import { dashboardPage, type DashboardView } from '../../shared/http/dashboard-handler.js';
import { keysPage } from '../../shared/pages/dashboard-content.js';
import { partnerStore } from '../../shared/composition.js';

/** GET /dashboard/keys: the partner's keys (last four, environment, dates), never a key itself. */
export const keysView: DashboardView = async (event, ctx) =>
  dashboardPage(event, ctx, keysPage(await partnerStore().listKeys(ctx.partner.id), ctx.session.keyId));
