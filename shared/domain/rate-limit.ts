// Rate limiting as GCRA (the generic cell rate algorithm): the same behaviour as a token bucket
// of `burst` tokens refilled at `perMinute`, kept as ONE number per client, the theoretical
// arrival time (TAT). That lets the store decide each request with a single atomic conditional
// write, so concurrent requests never race.

export interface BucketConfig {
  burst: number;
  perMinute: number;
}

export interface Gcra {
  /** Milliseconds one request "costs". */
  intervalMs: number;
  /** How far ahead of now the TAT may run: the burst allowance. */
  toleranceMs: number;
}

export function gcra(config: BucketConfig): Gcra {
  const intervalMs = 60_000 / config.perMinute;
  return { intervalMs, toleranceMs: (config.burst - 1) * intervalMs };
}

export type TakeResult =
  { allowed: true; tatMs: number } | { allowed: false; tatMs: number; retryAfterSeconds: number };

/** The decision for one request given the stored TAT (null: never seen). */
export function decide(tatMs: number | null, nowMs: number, g: Gcra): TakeResult {
  const tat = Math.max(tatMs ?? nowMs, nowMs);
  if (tat - nowMs <= g.toleranceMs) return { allowed: true, tatMs: tat + g.intervalMs };
  // Honest Retry-After: whole seconds until the request would be allowed, never 0.
  return {
    allowed: false,
    tatMs: tat,
    retryAfterSeconds: Math.max(1, Math.ceil((tat - g.toleranceMs - nowMs) / 1000)),
  };
}

/** Seconds after which an idle client's record can expire (its TAT is in the past by then). */
export function idleSeconds(config: BucketConfig): number {
  return Math.ceil((config.burst / config.perMinute) * 60) + 60;
}
