import type { Partner } from '../domain/partner.js';
import { csrfToken, csrfValid, type DashboardSession } from '../domain/dashboard-session.js';
import { resumeSession } from '../app/dashboard-auth.js';
import type { ServiceDeps } from '../app/service-deps.js';
import { cookieValue } from '../pages/basket.js';
import { dashboardNav } from '../pages/dashboard-content.js';
import type { Page } from '../pages/document.js';
import { pageHandler, pageResult, redirect } from './page-handler.js';
import { overHttps } from './page-security.js';
import type { EdgeDeps } from './middleware.js';
import { header, query, type HttpEvent, type HttpResult } from './respond.js';
import { SERVICE_CONFIG } from '../config/service-config.js';

export const SESSION_COOKIE = 'dashboard_session';

export interface DashboardContext {
  partner: Partner;
  session: DashboardSession;
  csrf: string;
  sandbox: boolean;
  /** The submitted form, on POST. */
  form: URLSearchParams;
}

/** What the dashboard edge needs, injected by the composition root: a page's edge and the session check. */
export type DashboardEdgeDeps = EdgeDeps & Pick<ServiceDeps, 'dashboardAuthDeps'>;

/** The session cookie: HttpOnly, SameSite=Strict, only sent to the dashboard, Secure over HTTPS. */
export function sessionCookie(event: HttpEvent, token: string | null): string {
  const life = token ? `Max-Age=${SERVICE_CONFIG.dashboardSessionMinutes * 60}` : 'Max-Age=0';
  return `${SESSION_COOKIE}=${token ?? ''}; Path=/dashboard; ${life}; HttpOnly; SameSite=Strict${overHttps(event) ? '; Secure' : ''}`;
}

/** One page or action of the dashboard, given the signed-in partner. */
export type DashboardView = (event: HttpEvent, ctx: DashboardContext) => Promise<HttpResult>;

/** A dashboard page: always HTML, never stored by any cache, with the dashboard's navigation. */
export function dashboardPage(event: HttpEvent, ctx: DashboardContext, page: Page, status = 200): HttpResult {
  return pageResult(event, page, {
    status,
    htmlOnly: true,
    cache: false,
    nav: dashboardNav(ctx.partner.name, ctx.sandbox, ctx.csrf),
  });
}

const forbidden: Page = {
  title: 'Form expired',
  description: 'Form expired',
  blocks: [{ h: 1, text: 'This form has expired' }, { p: ['Reload the page and try again.'] }],
};

/**
 * Every dashboard route: the session is checked on each request (key still valid, partner
 * active), and every form post must carry the session's CSRF token. Without a session the person
 * goes to /login, keeping where they were going.
 */
export function dashboardHandler(
  edge: DashboardEdgeDeps,
  fn: (event: HttpEvent, ctx: DashboardContext) => Promise<HttpResult>,
) {
  return pageHandler(edge, async (event) => {
    const deps = await edge.dashboardAuthDeps();
    const token = cookieValue(header(event, 'cookie'), SESSION_COOKIE);
    const resumed = token ? await resumeSession(deps, token) : null;
    const post = event.httpMethod === 'POST';
    if (!resumed) {
      const qs = new URLSearchParams(
        Object.entries(query(event)).filter((e): e is [string, string] => e[1] !== undefined),
      ).toString();
      const next = post ? '/dashboard' : qs ? `${event.path}?${qs}` : event.path;
      const login = `/login?next=${encodeURIComponent(next)}${token ? '&ended=1' : ''}`;
      return redirect(login, {
        status: post ? 303 : 302,
        ...(token ? { headers: { 'Set-Cookie': sessionCookie(event, null) } } : {}),
      });
    }
    const csrf = csrfToken(deps.secret, resumed.session);
    const form = new URLSearchParams(post ? (event.body ?? '') : '');
    const ctx: DashboardContext = {
      ...resumed,
      csrf,
      sandbox: deps.environment === 'sandbox',
      form,
    };
    if (post && !csrfValid(deps.secret, resumed.session, form.get('csrf')))
      return dashboardPage(event, ctx, forbidden, 403);
    const result = await fn(event, ctx);
    return { ...result, headers: { ...result.headers, 'Cache-Control': 'no-store' } };
  });
}
