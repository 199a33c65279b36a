import middy from '@middy/core';
import type { Context } from 'aws-lambda';
import { accessLog, CORS_HEADERS } from './middleware.js';
import { header, requestOrigin, type HttpEvent, type HttpResult } from './respond.js';
import { renderHtml, renderMarkdown, type Page } from '../pages/document.js';
import { logger } from '../adapters/logger.js';
import { SERVICE_CONFIG } from '../config/service-config.js';
import { runtimeEnv } from '../composition.js';

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
  opts: { status?: number; htmlOnly?: boolean; cache?: boolean } = {},
): HttpResult {
  const markdown = !opts.htmlOnly && wantsMarkdown(event);
  return {
    statusCode: opts.status ?? 200,
    headers: {
      'Content-Type': markdown ? 'text/markdown; charset=utf-8' : 'text/html; charset=utf-8',
      Vary: 'Accept',
      'Cache-Control': opts.cache === false ? 'no-store' : `public, max-age=${SERVICE_CONFIG.publicCacheMaxAgeSeconds}`,
      'X-Content-Type-Options': 'nosniff',
      // Public pages and their Markdown are open to other origins (agents fetch them from browsers).
      ...(opts.htmlOnly ? {} : CORS_HEADERS),
    },
    body: markdown ? renderMarkdown(page) : renderHtml(page),
  };
}

/**
 * A public redirect depends only on its URL, so it is open to other origins and cached briefly
 * like any public answer; a redirect away from a protected page is neither.
 */
export function redirect(location: string, opts: { public?: boolean } = {}): HttpResult {
  const headers: Record<string, string> = opts.public
    ? {
        Location: location,
        'Cache-Control': `public, max-age=${SERVICE_CONFIG.publicCacheMaxAgeSeconds}`,
        ...CORS_HEADERS,
      }
    : { Location: location, 'Cache-Control': 'no-store' };
  return { statusCode: 302, headers, body: '' };
}

export function pageOrigin(event: HttpEvent): string {
  return requestOrigin(event, runtimeEnv().PUBLIC_BASE_URL);
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

/** Every page route: access log, and a readable error page (never a stack trace). */
export function pageHandler(fn: (event: HttpEvent) => Promise<HttpResult>) {
  return middy<HttpEvent, HttpResult, Error, Context>()
    .use(accessLog())
    .use({
      onError: async (request) => {
        logger.error('page failed', { errorName: request.error?.name });
        request.response = pageResult(request.event, failure, { status: 500, cache: false });
      },
    })
    .handler(fn);
}
