import middy from '@middy/core';
import type { Context } from 'aws-lambda';
import { accessLog, errorShape, openCors, publicCaching } from './middleware.js';
import { conditional } from './conditional.js';
import { rateLimit } from './rate-limit.js';
import { requestOrigin, type HttpEvent, type HttpResult } from './respond.js';
import { SERVICE_CONFIG } from '../config/service-config.js';
import { clock, rateLimiter, runtimeEnv } from '../composition.js';

export function publicOrigin(event: HttpEvent): string {
  return requestOrigin(event, runtimeEnv().PUBLIC_BASE_URL);
}

/** Every public JSON route: rate limited per IP, open CORS, brief caching, public error shape. */
export function publicHandler(fn: (event: HttpEvent) => Promise<HttpResult>) {
  return middy<HttpEvent, HttpResult, Error, Context>()
    .use(accessLog())
    .use(conditional())
    .use(openCors())
    .use(publicCaching(SERVICE_CONFIG.publicCacheMaxAgeSeconds))
    .use(errorShape('public', publicOrigin))
    .use(rateLimit(() => ({ limiter: rateLimiter(), clock: clock() })))
    .handler(fn);
}
