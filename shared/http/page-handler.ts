import middy from '@middy/core';
import type { Context } from 'aws-lambda';
import { accessLog, CORS_HEADERS } from './middleware.js';
import type { ServiceDeps } from '../app/service-deps.js';
import { conditional } from './conditional.js';
import { header, query, type HttpEvent, type HttpResult } from './respond.js';
import { publicNav, renderHtml, renderMarkdown, type Inline, type Page } from '../pages/document.js';
import { attribution, basketFromCookie } from '../pages/basket.js';
import { withSecurityHeaders, type CspProfile } from './page-security.js';
import { SERVICE_CONFIG } from '../config/service-config.js';

export function wantsMarkdown(event: HttpEvent): boolean {
  return /(^|,)\s*text\/markdown/i.test(header(event, 'accept') ?? '');
}

/**
 * A public page: HTML, or its Markdown rendering when asked with Accept: text/markdown.
 * Protected pages pass `htmlOnly` and always answer HTML.
 */
export function pageResult(
  event: HttpEvent,
  page: Page,
  opts: { status?: number; htmlOnly?: boolean; cache?: boolean; nav?: Inline[]; headers?: Record<string, string> } = {},
): HttpResult {
  const markdown = !opts.htmlOnly && wantsMarkdown(event);
  const carry = attribution(query(event));
  return {
    statusCode: opts.status ?? 200,
    headers: {
      'Content-Type': markdown ? 'text/markdown; charset=utf-8' : 'text/html; charset=utf-8',
      // The header shows the basket's count from the cart cookie.
      Vary: 'Accept, Cookie',
      'Cache-Control': opts.cache === false ? 'no-store' : `public, max-age=${SERVICE_CONFIG.publicCacheMaxAgeSeconds}`,
      'X-Content-Type-Options': 'nosniff',
      // Public pages and their Markdown are open to other origins (agents fetch them from browsers).
      ...(opts.htmlOnly ? {} : CORS_HEADERS),
      ...opts.headers,
    },
    body: markdown
      ? renderMarkdown(page)
      : renderHtml(page, { carry, nav: opts.nav ?? publicNav(basketFromCookie(header(event, 'cookie'))) }),
  };
}

/**
 * A public redirect depends only on its URL, so it is open to other origins and cached briefly
 * like any public answer; a redirect away from a protected page is neither.
 */
export function redirect(
  location: string,
  opts: { public?: boolean; status?: 302 | 303; headers?: Record<string, string> } = {},
): HttpResult {
  const headers: Record<string, string> = opts.public
    ? {
        Location: location,
        'Cache-Control': `public, max-age=${SERVICE_CONFIG.publicCacheMaxAgeSeconds}`,
        ...CORS_HEADERS,
      }
    : { Location: location, 'Cache-Control': 'no-store' };
  return { statusCode: opts.status ?? 302, headers: { ...headers, ...opts.headers }, body: '' };
}

const notFound: Page = {
  title: 'Page not found',
  description: 'Not found',
  blocks: [{ h: 1, text: 'Page not found' }, { p: [{ link: '/tests', text: 'Browse all tests' }] }],
};
const failure: Page = {
  title: 'Something went wrong',
  description: 'Error',
  blocks: [{ h: 1, text: 'Something went wrong' }, { p: ['Please try again in a moment.'] }],
};

export function pageNotFound(event: HttpEvent): HttpResult {
  return pageResult(event, notFound, { status: 404, cache: false });
}

/**
 * Every page route: access log, a readable error page (never a stack trace), and the security
 * headers on every answer (the one place they are set, so no page can forget them).
 */
export function pageHandler(
  deps: Pick<ServiceDeps, 'logger'>,
  fn: (event: HttpEvent) => Promise<HttpResult>,
  opts: { csp?: CspProfile } = {},
) {
  const secure = async (request: { event: HttpEvent; response: HttpResult | null | undefined }) => {
    if (request.response) request.response = withSecurityHeaders(request.event, request.response, opts.csp ?? 'site');
  };
  return middy<HttpEvent, HttpResult, Error, Context>()
    .use(accessLog(deps))
    .use(conditional())
    .use({ after: secure, onError: secure })
    .use({
      onError: async (request) => {
        deps.logger().error('page failed', { errorName: request.error?.name });
        request.response = pageResult(request.event, failure, { status: 500, cache: false });
      },
    })
    .handler(fn);
}
