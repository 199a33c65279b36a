import { createHmac, randomBytes } from 'node:crypto';
import type { SimIntent, SimRefund } from './state.js';

// Stripe's own events, signed and delivered the way Stripe does: a POST of the event JSON with
// `Stripe-Signature: t=<unix seconds>,v1=<HMAC-SHA256 of "<t>.<body>">`. The local runtime hands
// the simulator the endpoint and its secret at start, and its service clock for the timestamps.

export interface WebhookTarget {
  url: string;
  secret: string;
  /** Milliseconds since epoch: the service clock, so signatures are judged on the same time. */
  now: () => number;
}

export type SimEventType =
  | 'payment_intent.succeeded'
  | 'payment_intent.payment_failed'
  | 'payment_intent.canceled'
  | 'charge.refunded'
  | 'refund.updated';

export function signPayload(payload: string, secret: string, t: number): string {
  return `t=${t},v1=${createHmac('sha256', secret).update(`${t}.${payload}`).digest('hex')}`;
}

/** The charge an intent made, as charge.refunded carries it (Stripe copies the intent's metadata). */
export function chargeOf(intent: SimIntent, refunds: SimRefund[]) {
  const mine = refunds.filter((r) => r.payment_intent === intent.id);
  const refunded = mine.reduce((s, r) => s + r.amount, 0);
  return {
    id: `ch_${intent.id.slice(3)}`,
    object: 'charge',
    amount: intent.amount,
    amount_refunded: refunded,
    refunded: refunded >= intent.amount,
    currency: intent.currency,
    payment_intent: intent.id,
    metadata: intent.metadata,
    refunds: { object: 'list', data: [...mine].reverse(), has_more: false },
  };
}

export function eventSender(getTarget: () => WebhookTarget | null) {
  return (type: SimEventType, object: unknown): void => {
    const target = getTarget();
    if (!target) return;
    const created = Math.floor(target.now() / 1000);
    const event = {
      id: `evt_${randomBytes(12).toString('hex')}`,
      object: 'event',
      api_version: '2025-01-27.acacia',
      created,
      type,
      livemode: false,
      pending_webhooks: 1,
      data: { object },
    };
    const payload = JSON.stringify(event);
    // Like Stripe, delivery is after the API call has answered, and retried a few times on failure.
    const deliver = async (attempt: number): Promise<void> => {
      const t = Math.floor(target.now() / 1000);
      const ok = await fetch(target.url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Stripe-Signature': signPayload(payload, target.secret, t) },
        body: payload,
      })
        .then((r) => r.ok)
        .catch(() => false);
      if (!ok && attempt < 3) setTimeout(() => void deliver(attempt + 1), 500 * attempt).unref();
    };
    setImmediate(() => void deliver(1));
  };
}
