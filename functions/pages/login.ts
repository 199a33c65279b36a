import { pageHandler, pageResult, redirect } from '../../shared/http/page-handler.js';
import { query } from '../../shared/http/respond.js';
import { sessionCookie } from '../../shared/http/dashboard-handler.js';
import { signIn } from '../../shared/app/dashboard-auth.js';
import { loginPage } from '../../shared/pages/dashboard-content.js';
import type { ServiceDeps } from '../../shared/app/service-deps.js';
import type { EdgeDeps } from '../../shared/http/middleware.js';

/** What this handler needs from the composition root (its entry in lambdas/ passes them). */
type Deps = EdgeDeps & Pick<ServiceDeps, 'dashboardAuthDeps' | 'runtimeEnv'>;

const safeNext = (next: string | null | undefined) =>
  next && next.startsWith('/') && !next.startsWith('//') && !next.includes('\\') ? next : '/dashboard';

const REFUSED = {
  invalid_api_key: 'That API key is not valid. It may have been revoked.',
  partner_suspended: 'This partner account is suspended. Contact us to restore it.',
} as const;

/**
 * /login: partners sign in to the dashboard with an API key (always HTML). The key is checked as
 * the partner API checks it and exchanged for a session cookie; it is never stored.
 */
export const makeHandler = (deps: Deps) =>
  pageHandler(deps, async (event) => {
    const html = { htmlOnly: true, cache: false } as const;
    if (event.httpMethod !== 'POST') {
      const q = query(event);
      const message = q.ended ? 'Your session has ended. Sign in again.' : q.signedOut ? 'You have signed out.' : null;
      return pageResult(event, loginPage(message, safeNext(q.next)), html);
    }
    const form = new URLSearchParams(event.body ?? '');
    const next = safeNext(form.get('next'));
    const outcome = await signIn(await deps.dashboardAuthDeps(), form.get('apiKey') ?? '');
    if (outcome.ok)
      return redirect(next, { status: 303, headers: { 'Set-Cookie': sessionCookie(event, outcome.token) } });
    const message =
      outcome.code === 'wrong_environment'
        ? deps.runtimeEnv().SERVICE_ENVIRONMENT === 'sandbox'
          ? 'This is the sandbox: sign in with a test key (sk_test_…).'
          : 'This is production: sign in with a live key (sk_live_…).'
        : REFUSED[outcome.code];
    return pageResult(event, loginPage(message, next), { ...html, status: 401 });
  });
