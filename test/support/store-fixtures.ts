import type { KeyRecord } from '../../shared/domain/idempotency.js';
import type { OrderRecord } from '../../shared/domain/order.js';
import type { ApiKeyRecord, Partner } from '../../shared/domain/partner.js';
import type { DeliveryRecord } from '../../shared/domain/webhooks/delivery.js';

// Records for the store contract tests: valid enough for every store, each field overridable.

/** 10:MM on a fixed day, so ordering by time reads plainly in a test. */
export const at = (minute: number) => new Date(Date.UTC(2026, 10, 23, 10, minute)).toISOString();

export const order = (id: string, over: Partial<OrderRecord> = {}): OrderRecord =>
  ({
    id,
    partnerId: 'ptr_a',
    externalId: null,
    state: 'scheduled',
    version: 1,
    createdAt: at(0),
    updatedAt: at(0),
    items: [],
    fees: { labCollectionCents: 0, physicianOrderCents: 0 },
    subtotalCents: 0,
    totalCents: 0,
    payment: { status: 'succeeded', amountCents: 0, currency: 'usd', paymentIntentId: `pi_${id}`, refundId: null },
    patient: {},
    guardian: null,
    fastingRequired: false,
    preferredLocation: null,
    metadata: {},
    placementDueAt: at(60),
    requisitionNumber: null,
    requisitionIssuedAt: null,
    resultsReportedAt: null,
    cancelledAt: null,
    ...over,
  }) as OrderRecord;

export const partner = (id: string, over: Partial<Partner> = {}): Partner => ({
  id,
  name: `Partner ${id}`,
  status: 'active',
  fees: { labCollectionCents: 1000, physicianOrderCents: 500 },
  paymentMethod: null,
  stripeCustomerId: null,
  webhookUrl: null,
  createdAt: at(0),
  updatedAt: at(0),
  ...over,
});

export const apiKey = (id: string, partnerId: string, over: Partial<ApiKeyRecord> = {}): ApiKeyRecord => ({
  id,
  partnerId,
  environment: 'test',
  hash: `hash-of-${id}`,
  last4: id.slice(-4),
  createdAt: at(0),
  revokedAt: null,
  ...over,
});

export const keyRecord = (id: string, over: Partial<KeyRecord> = {}): KeyRecord => ({
  id,
  status: 'INPROGRESS',
  in_progress_expiration: 0,
  validation: 'hash',
  firstUsedAtMs: Date.parse(at(0)),
  phase: 'claimed',
  attempt: 1,
  intentId: null,
  orderId: `order_${id}`,
  lockedUntilMs: null,
  version: 1,
  ...over,
});

export const delivery = (
  id: string,
  over: Partial<DeliveryRecord> & { partnerId?: string; createdAt?: string } = {},
) => {
  const { partnerId = 'ptr_a', createdAt = at(0), ...rest } = over;
  return {
    id,
    event: {
      deliveryId: id,
      type: 'order.cancelled',
      orderId: `order_${id}`,
      partnerId,
      externalId: null,
      trigger: 'partner_cancel',
      createdAt,
    },
    status: 'pending',
    attempts: [],
    nextAttemptAt: createdAt,
    version: 0,
    ...rest,
  } as DeliveryRecord;
};
