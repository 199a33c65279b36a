import { cancelDecision, type CancelReason, type OrderRecord } from './order.js';
import type { OrderStore } from '../ports/order-store.js';
import type { Payments } from '../ports/payments.js';
import { outboxEvent, type OutboxEvent } from './events.js';

export interface CancelOrderDeps {
  orders: OrderStore;
  payments: Payments;
  now: () => Date;
  windowMinutes: number;
  /** The first attempt of each webhook delivery a state change wrote (never throws: a failure stays due for the retry cron). */
  deliverNow: (events: readonly OutboxEvent[]) => Promise<void>;
  alert: (event: string, ids: Record<string, string>) => void;
}

export type CancelResult =
  { ok: true; order: OrderRecord; refund: 'issued' | 'pending' } | { ok: false; reason: CancelReason };

/**
 * Cancels with a write guarded on the state and version read, so a cancel racing a placement has
 * exactly one winner. The payment is marked refund_pending in the same write, so a crash before
 * the refund leaves a visible, alerting state rather than a silent one.
 */
export async function cancelOrder(deps: CancelOrderDeps, order: OrderRecord): Promise<CancelResult> {
  let current = order;
  for (let attempt = 0; attempt < 3; attempt++) {
    const now = deps.now();
    const decision = cancelDecision(current, now, deps.windowMinutes);
    if (!decision.ok) return decision;
    const events = [outboxEvent('order.cancelled', current, 'partner_cancel', now)];
    const cancelled = await deps.orders.transition(
      current,
      ['scheduled'],
      {
        state: 'cancelled',
        cancelledAt: now.toISOString(),
        updatedAt: now.toISOString(),
        payment: { ...current.payment, status: 'refund_pending' },
      },
      events,
    );
    if (!cancelled) {
      // Someone moved it first (placement, or another cancel): decide again on what is stored now.
      current = (await deps.orders.get(order.partnerId, order.id)) ?? current;
      continue;
    }
    await deps.deliverNow(events);
    return { ok: true, ...(await settleRefund(deps, cancelled, 0)) };
  }
  return { ok: false, reason: 'not_cancellable' };
}

/**
 * Refunds a cancelled order whose payment is refund_pending. Each try has a provider key of its
 * own (Stripe would replay a failed try's answer for 24 hours under the same key); a second
 * refund can never happen, because a charge cannot be refunded beyond its amount, and a try that
 * finds the charge already refunded (an earlier try succeeded but was never recorded) records
 * that refund (the adapter looks it up).
 */
export async function settleRefund(
  deps: Pick<CancelOrderDeps, 'orders' | 'payments' | 'alert'>,
  cancelled: OrderRecord,
  attempt: number,
): Promise<{ order: OrderRecord; refund: 'issued' | 'pending' }> {
  // Sandbox scenario refund_pending: the refund is treated as failed without asking the provider.
  const refund =
    cancelled.simulation?.refund === 'fails'
      ? ({ kind: 'failed', message: 'sandbox scenario refund_pending' } as const)
      : await deps.payments
          .refund(cancelled.payment.paymentIntentId, refundKey(cancelled.id, attempt))
          .catch(() => ({ kind: 'failed', message: 'refund call failed' }) as const);
  if (refund.kind === 'issued') {
    const refunded =
      (await deps.orders.transition(cancelled, ['cancelled'], {
        payment: { ...cancelled.payment, status: 'refunded', refundId: refund.refundId },
      })) ??
      // Stripe's charge.refunded event may have recorded this very refund first.
      (await deps.orders.get(cancelled.partnerId, cancelled.id));
    return { order: refunded ?? cancelled, refund: 'issued' };
  }
  // A partner's rehearsal is not staff's work: only a real failure pages them.
  if (cancelled.simulation?.refund !== 'fails')
    deps.alert('refund_pending', { orderId: cancelled.id, partnerId: cancelled.partnerId });
  return { order: cancelled, refund: 'pending' };
}

/** The provider idempotency key of one refund try: the cancel's is 0, the recovery sweep's count on. */
export function refundKey(orderId: string, attempt: number): string {
  return attempt === 0 ? `refund:${orderId}` : `refund:${orderId}:${attempt}`;
}
