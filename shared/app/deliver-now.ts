import { attemptDelivery, prepareAttempt, type AttemptReady, type DispatchDeps } from './deliver-webhook.js';
import { newDelivery } from '../domain/webhooks/delivery.js';
import type { OutboxEvent } from '../domain/events.js';

/** The first attempt of each delivery a state change wrote, with what was made ready for it before the change. */
export type DeliverNow = (events: readonly OutboxEvent[], ready?: AttemptReady) => Promise<void>;
/** Starts reading what a partner's deliveries need, beside the state change about to write them. */
export type PrepareDelivery = (partnerId: string) => AttemptReady;

/**
 * The first attempt of each delivery a state change just wrote to the outbox, made inline so a
 * partner hears at once. Never throws: a failed attempt leaves the record due, and the retry cron
 * delivers it. The record is the one the state change wrote (version 0, held for this attempt), so
 * it is neither read back nor claimed.
 */
export function deliverNow(deps: DispatchDeps): DeliverNow {
  return async (events, ready) => {
    for (const e of events)
      await attemptDelivery(deps, newDelivery(e), 'scheduled', { held: true, ...(ready ? { ready } : {}) }).catch(
        () => null,
      );
  };
}

export function prepareDelivery(deps: DispatchDeps): PrepareDelivery {
  return (partnerId) => prepareAttempt(deps, partnerId);
}
