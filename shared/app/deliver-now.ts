import { attemptDelivery, type DispatchDeps } from './deliver-webhook.js';
import { newDelivery } from '../domain/webhooks/delivery.js';
import type { OutboxEvent } from '../domain/events.js';

/**
 * The first attempt of each delivery a state change just wrote to the outbox, made inline so a
 * partner hears at once. Never throws: a failed attempt leaves the record due, and the retry cron
 * delivers it. The record is the one the state change wrote (version 0), so it is not read back: if
 * a sweep claimed it meanwhile, the claim here fails on its version and the sweep's attempt stands.
 */
export function deliverNow(deps: DispatchDeps): (events: readonly OutboxEvent[]) => Promise<void> {
  return async (events) => {
    for (const e of events) await attemptDelivery(deps, newDelivery(e), 'scheduled').catch(() => null);
  };
}
