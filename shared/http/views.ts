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
