import {
  dashboardHandler,
  sessionCookie,
  type DashboardView,
  type DashboardEdgeDeps,
} from '../../shared/http/dashboard-handler.js';
import { pageNotFound, redirect } from '../../shared/http/page-handler.js';
import { isPlausibleId } from '../../shared/domain/ids.js';
import { SANDBOX_SCENARIOS, type SandboxScenario } from '../../shared/domain/sandbox.js';
import { runSandboxAction, type SandboxAction } from '../../shared/app/partner-orders.js';
import { replayDelivery, sendTestEvent } from '../../shared/app/partner-webhooks.js';
import type { ServiceDeps } from '../../shared/app/service-deps.js';

/** What this handler needs from the composition root (its entry in lambdas/ passes them). */
type Deps = DashboardEdgeDeps &
  Pick<ServiceDeps, 'clock' | 'deliveryStore' | 'dispatchDeps' | 'partnerStore' | 'sandboxDeps'>;

/** POST /dashboard action=sign-out: forgets the session cookie (the key itself stays valid). */
const signOut: DashboardView = async (event, ctx) =>
  ctx.form.get('action') === 'sign-out'
    ? redirect('/login?signedOut=1', { status: 303, headers: { 'Set-Cookie': sessionCookie(event, null) } })
    : redirect('/dashboard', { status: 303 });

/** POST /dashboard/orders/{id} action=advance|simulate: the sandbox actions, as on the partner API. */
const sandbox =
  (deps: Deps): DashboardView =>
  async (event, ctx) => {
    const id = event.pathParameters?.id ?? '';
    const scenario = ctx.form.get('scenario') ?? '';
    const kind = ctx.form.get('action');
    const action: SandboxAction | null =
      kind === 'advance'
        ? { kind: 'advance' }
        : kind === 'simulate' && scenario in SANDBOX_SCENARIOS
          ? { kind: 'simulate', scenario: scenario as SandboxScenario }
          : null;
    if (!isPlausibleId(id)) return pageNotFound(event);
    const outcome = action
      ? await runSandboxAction({ ...deps.sandboxDeps(), sandbox: ctx.sandbox }, ctx.partner.id, id, action)
      : ({ ok: false, reason: 'refused', message: 'unknown action' } as const);
    if (!outcome.ok && outcome.reason === 'not_found') return pageNotFound(event);
    const notice = outcome.ok ? (action?.kind === 'advance' ? 'advanced' : 'simulated') : 'refused';
    return redirect(`/dashboard/orders/${id}?notice=${notice}`, { status: 303 });
  };

const back = (notice: string, http: number | null) =>
  redirect(`/dashboard/webhooks?notice=${notice}${http !== null ? `&http=${http}` : ''}`, { status: 303 });

/** POST /dashboard/webhooks action=test, or action=replay with a delivery id: as the partner API's own. */
const webhooks =
  (deps: Deps): DashboardView =>
  async (event, ctx) => {
    if (ctx.form.get('action') === 'test') {
      const sent = await sendTestEvent(
        { partners: deps.partnerStore(), dispatch: deps.dispatchDeps(), now: deps.clock().now() },
        ctx.partner.id,
      );
      return back(sent?.delivered ? 'test-delivered' : 'test-failed', sent?.httpStatus ?? null);
    }
    const id = ctx.form.get('delivery') ?? '';
    if (ctx.form.get('action') !== 'replay' || !isPlausibleId(id)) return pageNotFound(event);
    const outcome = await replayDelivery(
      { deliveries: deps.deliveryStore(), dispatch: deps.dispatchDeps() },
      ctx.partner.id,
      id,
    );
    if (!outcome.ok && outcome.reason === 'not_found') return pageNotFound(event);
    if (!outcome.ok) return back('busy', null);
    return back('replayed', outcome.delivery.attempts.at(-1)?.httpStatus ?? null);
  };

/**
 * The dashboard's form posts (CSRF-checked by the dashboard edge), posted to the page they act
 * on. They write, so they share one Lambda with write access and API Gateway's full 29 seconds.
 */
export const makeHandler = (deps: Deps) => {
  const actions: Record<string, DashboardView> = {
    '/dashboard': signOut,
    '/dashboard/orders/{id}': sandbox(deps),
    '/dashboard/webhooks': webhooks(deps),
  };
  return dashboardHandler(deps, async (event, ctx) =>
    (actions[event.resource] ?? ((e) => Promise.resolve(pageNotFound(e))))(event, ctx),
  );
};
