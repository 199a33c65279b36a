import type { DeliveryRecord } from '../domain/webhooks/delivery.js';
import type { ApiKeyRecord, Partner } from '../domain/partner.js';

/** The partner as the operator API shows it. */
export function partnerView(p: Partner) {
  return {
    id: p.id,
    name: p.name,
    status: p.status,
    fees: p.fees,
    paymentMethod: p.paymentMethod,
    stripeCustomerId: p.stripeCustomerId,
    webhookUrl: p.webhookUrl,
    createdAt: p.createdAt,
    updatedAt: p.updatedAt,
  };
}

/** A key as listed: never the key or its hash. */
export function keyView(k: ApiKeyRecord) {
  return { id: k.id, environment: k.environment, last4: k.last4, createdAt: k.createdAt, revokedAt: k.revokedAt };
}

/** A webhook delivery with its whole attempt log. */
export function deliveryView(d: DeliveryRecord) {
  return {
    id: d.id,
    type: d.event.type,
    orderId: d.event.orderId,
    status: d.status,
    createdAt: d.event.createdAt,
    attemptCount: d.attempts.length,
    attempts: d.attempts,
    nextAttemptAt: d.nextAttemptAt,
  };
}
