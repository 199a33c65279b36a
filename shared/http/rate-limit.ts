import type { MiddlewareObj } from '@middy/core';
import type { Context } from 'aws-lambda';
import { ApiError } from './errors.js';
import type { HttpEvent, HttpResult } from './respond.js';
import type { RateLimiter } from '../ports/rate-limiter.js';
import type { Clock } from '../ports/clock.js';

/**
 * Per client IP token bucket. The IP is API Gateway's requestContext.identity.sourceIp (the
 * local runtime fills it from the socket), never X-Forwarded-For, which a client can forge.
 */
export function rateLimit(
  deps: () => { limiter: RateLimiter; clock: Clock },
): MiddlewareObj<HttpEvent, HttpResult, Error, Context> {
  return {
    before: async (request) => {
      const ip = request.event.requestContext?.identity?.sourceIp ?? 'unknown';
      const { limiter, clock } = deps();
      const result = await limiter.take(`ip#${ip}`, clock.now().getTime());
      if (!result.allowed) {
        throw new ApiError('rate_limited', undefined, { headers: { 'Retry-After': String(result.retryAfterSeconds) } });
      }
    },
  };
}
