// The retry schedule. How we read the spec's list of gaps (1, 5, 30, 120, 360, 720, 1440, 1440):
// 8 attempts in all, the inline first attempt and 7 retries; retry n waits the n-th gap after the
// previous attempt, so the gaps used are 1, 5, 30, 120, 360, 720 and 1440 minutes (sum 2676
// minutes, about 44.6 hours, the spec's "sum of the first 7 gaps"). The list's 8th value would be
// the wait before a 9th attempt, which never happens.
export const RETRY_GAPS_MINUTES = [1, 5, 30, 120, 360, 720, 1440, 1440] as const;
export const MAX_ATTEMPTS = 8;
export const ATTEMPT_TIMEOUT_MS = 10_000;
/**
 * How long a worker holds an attempt it is about to send (a sweep's claim, or a new delivery held for
 * its writer's inline attempt): well past the 10 s cut, so a hold outlives its attempt.
 */
export const ATTEMPT_CLAIM_MS = 60_000;

/** When the next attempt is due after `attemptsMade` attempts, or null when the delivery has failed. */
export function nextAttemptAt(attemptsMade: number, lastAttemptAt: Date): Date | null {
  if (attemptsMade >= MAX_ATTEMPTS) return null;
  const gap = RETRY_GAPS_MINUTES[attemptsMade - 1] as number;
  return new Date(lastAttemptAt.getTime() + gap * 60_000);
}
