import type { TakeResult } from '../domain/rate-limit.js';

export interface RateLimiter {
  /** Takes one token for the client; tells whether the request may proceed. */
  take(clientKey: string, nowMs: number): Promise<TakeResult>;
}
