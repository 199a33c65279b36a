// Token bucket per client: `burst` tokens at most, refilled continuously at `perMinute` a minute.

export interface BucketState {
  tokens: number;
  updatedAtMs: number;
}

export interface BucketConfig {
  burst: number;
  perMinute: number;
}

export type TakeResult =
  | { allowed: true; next: BucketState }
  | { allowed: false; next: BucketState; retryAfterSeconds: number };

export function takeToken(prev: BucketState | null, nowMs: number, config: BucketConfig): TakeResult {
  const ratePerMs = config.perMinute / 60_000;
  const elapsed = prev ? Math.max(0, nowMs - prev.updatedAtMs) : 0;
  const available = prev ? Math.min(config.burst, prev.tokens + elapsed * ratePerMs) : config.burst;
  if (available >= 1) return { allowed: true, next: { tokens: available - 1, updatedAtMs: nowMs } };
  // Honest Retry-After: the whole seconds until one full token has refilled, never 0.
  const retryAfterSeconds = Math.max(1, Math.ceil((1 - available) / ratePerMs / 1000));
  return { allowed: false, next: { tokens: available, updatedAtMs: nowMs }, retryAfterSeconds };
}

/** Seconds after which an idle bucket is full again and its record can expire. */
export function bucketIdleSeconds(config: BucketConfig): number {
  return Math.ceil((config.burst / config.perMinute) * 60) + 60;
}
