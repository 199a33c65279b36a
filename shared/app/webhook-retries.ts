import { attemptDelivery, type DispatchDeps } from './deliver-webhook.js';
import { decideRetry, parseRetryMessage } from '../domain/webhooks/retry-message.js';
import type { RetryQueue } from '../ports/webhooks.js';

export type RetryDeps = DispatchDeps & { retries: RetryQueue };

/** How overdue a retry must be before the backstop sweep takes it: the queue normally has it within seconds. */
export const BACKSTOP_GRACE_MS = 5 * 60_000;

/**
 * One retry message from the queue: attempt the delivery if it is due, send the message on if it
 * arrived early (a hop of a wait longer than 15 minutes), drop it if it is stale. Throws (the
 * message stays on the queue, and repeated failures redrive it to the dead-letter queue) when the
 * message is malformed or the work cannot be done.
 */
export async function handleRetryMessage(deps: RetryDeps, body: string): Promise<'attempted' | 'hopped' | 'dropped'> {
  const message = parseRetryMessage(body);
  const record = await deps.deliveries.get(message.deliveryId);
  const now = deps.now();
  const decision = decideRetry(message, record, now);
  if (decision.kind === 'attempt' && record) {
    await attemptDelivery(deps, record, 'scheduled');
    return 'attempted';
  }
  if (decision.kind === 'hop') {
    await deps.retries.enqueue(decision.message, now);
    return 'hopped';
  }
  return 'dropped';
}

/** The backstop: re-sends a message for every retry a lost message left overdue. */
export async function sweepOverdueRetries(deps: RetryDeps, limit = 500): Promise<number> {
  const now = deps.now();
  const overdue = await deps.deliveries.due(new Date(now.getTime() - BACKSTOP_GRACE_MS), limit);
  for (const d of overdue)
    if (d.nextAttemptAt) await deps.retries.enqueue({ deliveryId: d.id, dueAt: d.nextAttemptAt }, now);
  return overdue.length;
}
