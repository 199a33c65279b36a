import { attemptDelivery, type DispatchDeps } from './deliver-webhook.js';
import type { OutboxEvent } from '../domain/events.js';

/**
 * The first attempt of each delivery a state change just wrote to the outbox, made inline so a
 * partner hears at once. Never throws: a failed attempt leaves the record due, and the retry cron
 * delivers it.
 */
export function deliverNow(deps: DispatchDeps): (events: readonly OutboxEvent[]) => Promise<void> {
  return async (events) => {
    for (const e of events) {
      const record = await deps.deliveries.get(e.deliveryId).catch(() => null);
      if (record) await attemptDelivery(deps, record, 'scheduled').catch(() => null);
    }
  };
}
