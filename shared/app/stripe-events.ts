// Stripe's own signed events as a second source of truth beside the settlement sweep. Every event
// is applied by state, never by arrival: a duplicate, a replay or one out of order finds the
// record already moved on and changes nothing.
import { movedMoney, withTtl } from '../domain/idempotency.js';
import type { IdempotencyStore } from '../ports/idempotency-store.js';
import type { OrderStore } from '../ports/order-store.js';
import type { PaymentEvent } from '../ports/payments.js';
import { truthOf } from './settle-payments.js';

export interface StripeEventDeps {
  keys: IdempotencyStore;
  orders: OrderStore;
  now: () => Date;
  alert: (event: string, ids: Record<string, string>) => void;
  keyLifeMs: number;
}

export type EventOutcome = 'applied' | 'ignored';

export async function applyStripeEvent(deps: StripeEventDeps, event: PaymentEvent): Promise<EventOutcome> {
  if (event.kind === 'intent') return applyIntent(deps, event);
  if (event.kind === 'refund') return applyRefund(deps, event);
  return 'ignored';
}

/** A pending or lost charge's outcome moves its key at once, so the partner's retry finishes from it. */
async function applyIntent(deps: StripeEventDeps, event: Extract<PaymentEvent, { kind: 'intent' }>) {
  const { partnerId, idempotencyKey, orderId } = event.metadata;
  if (!partnerId || !idempotencyKey || !orderId) return 'ignored';
  const record = await deps.keys.get(`${partnerId}#${idempotencyKey}`);
  const nowMs = deps.now().getTime();
  // Another attempt's intent, a settled key, or one a request is working on (it learns this itself).
  if (!record || record.orderId !== orderId || !movedMoney(record) || record.in_progress_expiration > nowMs)
    return 'ignored';
  const truth = truthOf(record, event.outcome, nowMs);
  if (!truth) return 'ignored';
  const next = withTtl({ ...record, ...truth, version: record.version + 1 }, deps.keyLifeMs);
  return (await deps.keys.put(next, record.version)) ? 'applied' : 'ignored';
}

/**
 * A refund on an order's charge: a pending one of ours that went through shows as refunded; one
 * made by staff in Stripe on an order that was not cancelled is recorded and alerted (the order
 * is not cancelled: that is the operator's call).
 */
async function applyRefund(deps: StripeEventDeps, event: Extract<PaymentEvent, { kind: 'refund' }>) {
  const { partnerId, orderId } = event.metadata;
  if (!partnerId || !orderId) return 'ignored';
  for (let tries = 0; tries < 3; tries++) {
    const order = await deps.orders.get(partnerId, orderId);
    if (!order || order.payment.paymentIntentId !== event.intentId || order.payment.status === 'refunded')
      return 'ignored';
    const ours = order.state === 'cancelled';
    if (!ours && !event.full) return 'ignored';
    const payment = { ...order.payment, status: 'refunded' as const, refundId: event.refundId };
    const moved = await deps.orders.transition(order, [order.state], {
      payment,
      updatedAt: deps.now().toISOString(),
    });
    if (!moved) continue;
    if (!ours) deps.alert('refunded_outside_service', { orderId: order.id, partnerId: order.partnerId });
    return 'applied';
  }
  return 'ignored';
}
