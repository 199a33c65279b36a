import type { DeliveryRecord } from './delivery.js';

/** One retry: the delivery, and the due time it was enqueued for (so a stale message is recognised). */
export interface RetryMessage {
  deliveryId: string;
  dueAt: string;
}

/** SQS's longest DelaySeconds: a retry further away travels in hops of at most this. */
export const MAX_DELAY_SECONDS = 900;

/** How long a message for `dueAt` waits in the queue when sent at `now`. */
export function delaySeconds(dueAt: string, now: Date): number {
  return Math.min(MAX_DELAY_SECONDS, Math.max(0, Math.ceil((Date.parse(dueAt) - now.getTime()) / 1000)));
}

export type RetryDecision = { kind: 'drop' } | { kind: 'attempt' } | { kind: 'hop'; message: RetryMessage };

/**
 * What the worker does with a retry message. A due pending delivery is attempted (the attempt's
 * claim keeps two messages from sending it twice). A message for the delivery's current due time
 * that arrived early (a hop of a long wait) is sent on for the rest of the wait. Any other message
 * is stale (the attempt it was for has happened, or another message carries it) and is dropped,
 * so one chain of messages at most carries each retry.
 */
export function decideRetry(message: RetryMessage, record: DeliveryRecord | null, now: Date): RetryDecision {
  if (!record || record.status !== 'pending' || !record.nextAttemptAt) return { kind: 'drop' };
  if (Date.parse(record.nextAttemptAt) <= now.getTime()) return { kind: 'attempt' };
  if (record.nextAttemptAt === message.dueAt) return { kind: 'hop', message };
  return { kind: 'drop' };
}

export function parseRetryMessage(body: string): RetryMessage {
  const parsed = JSON.parse(body) as Partial<RetryMessage>;
  if (
    typeof parsed.deliveryId !== 'string' ||
    typeof parsed.dueAt !== 'string' ||
    Number.isNaN(Date.parse(parsed.dueAt))
  )
    throw new Error('not a retry message');
  return { deliveryId: parsed.deliveryId, dueAt: parsed.dueAt };
}
