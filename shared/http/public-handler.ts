import middy from '@middy/core';
import type { Context } from 'aws-lambda';
import { accessLog, errorShape, openCors, publicCaching, type EdgeDeps } from './middleware.js';
import { conditional } from './conditional.js';
import { rateLimit } from './rate-limit.js';
import type { HttpEvent, HttpResult } from './respond.js';
import { SERVICE_CONFIG } from '../config/service-config.js';
import type { ServiceDeps } from '../app/service-deps.js';

/** What a public route's edge needs from the composition root. */
export type PublicEdgeDeps = EdgeDeps & Pick<ServiceDeps, 'rateLimiter' | 'clock'>;

export interface PublicHandlerOptions {
  /**
   * The read the handler starts with (the catalogue): begun beside the rate limit's write instead
   * of after it, so a cold container waits for one round trip, not two. The store shares the one
   * load with the handler's own call, where a failure surfaces; a refused request only warms it.
   */
  readAhead?: () => Promise<unknown>;
}

/** The option of every route that answers from the catalogue: its read starts beside the rate limit. */
export const readsCatalog = (deps: Pick<ServiceDeps, 'catalogStore'>): PublicHandlerOptions => ({
  readAhead: () => deps.catalogStore().get(),
});

/** Every public JSON route: rate limited per IP, open CORS, brief caching, public error shape. */
export function publicHandler(
  deps: PublicEdgeDeps,
  fn: (event: HttpEvent) => Promise<HttpResult>,
  opts: PublicHandlerOptions = {},
) {
  const { readAhead } = opts;
  return middy<HttpEvent, HttpResult, Error, Context>()
    .use(accessLog(deps))
    .use(conditional())
    .use(openCors())
    .use(publicCaching(SERVICE_CONFIG.publicCacheMaxAgeSeconds))
    .use(errorShape('public', deps))
    .use(readAhead ? [{ before: () => void readAhead().catch(() => undefined) }] : [])
    .use(rateLimit(() => ({ limiter: deps.rateLimiter(), clock: deps.clock() })))
    .handler(fn);
}
