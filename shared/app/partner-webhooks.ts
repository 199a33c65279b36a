// The partner's webhook actions, shared by the partner API and the partner dashboard.
import { attemptDelivery, sendSigned, type DispatchDeps } from './deliver-webhook.js';
import type { DeliveryRecord } from '../domain/webhooks/delivery.js';
import { newId } from '../domain/ids.js';
import type { PartnerStore } from '../ports/partner-store.js';
import type { DeliveryStore } from '../ports/webhooks.js';

export type ReplayOutcome = { ok: true; delivery: DeliveryRecord } | { ok: false; reason: 'not_found' | 'in_progress' };

/** Sends one of the partner's own deliveries again now; another partner's reads as unknown. */
export async function replayDelivery(
  deps: { deliveries: DeliveryStore; dispatch: DispatchDeps },
  partnerId: string,
  deliveryId: string,
): Promise<ReplayOutcome> {
  const record = await deps.deliveries.get(deliveryId);
  if (!record || record.event.partnerId !== partnerId) return { ok: false, reason: 'not_found' };
  const replayed = await attemptDelivery(deps.dispatch, record, 'replay');
  return replayed ? { ok: true, delivery: replayed } : { ok: false, reason: 'in_progress' };
}

/** Sends a signed `webhook.test` event to the partner's endpoint now; not recorded, never retried. */
export async function sendTestEvent(
  deps: { partners: PartnerStore; dispatch: DispatchDeps; now: Date },
  partnerId: string,
) {
  const partner = await deps.partners.get(partnerId);
  if (!partner) return null;
  const id = newId('dlv', deps.now);
  const payload = {
    id,
    type: 'webhook.test',
    createdAt: deps.now.toISOString(),
    data: { orderId: null, externalId: null, status: null },
  };
  const result = await sendSigned(deps.dispatch, partner, deps.now, payload);
  return {
    id,
    delivered: result.httpStatus !== null && result.httpStatus >= 200 && result.httpStatus < 300,
    ...result,
  };
}
