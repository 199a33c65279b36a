import type { OrderRecord } from '../domain/order.js';
import type { OrderStore } from '../ports/order-store.js';
import type { Payments } from '../ports/payments.js';
import { refundKey } from '../domain/refund.js';

export interface RefundDeps {
  orders: OrderStore;
  payments: Payments;
  alert: (event: string, ids: Record<string, string>) => void;
}

/**
 * Refunds a cancelled order whose payment is refund_pending. Each try has a provider key of its
 * own (Stripe would replay a failed try's answer for 24 hours under the same key); a second
 * refund can never happen, because a charge cannot be refunded beyond its amount, and a try that
 * finds the charge already refunded (an earlier try succeeded but was never recorded) records
 * that refund (the adapter looks it up).
 */
export async function settleRefund(
  deps: RefundDeps,
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
