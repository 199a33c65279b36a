import { cancelDecision, type CancelReason, type OrderRecord } from '../domain/order.js';
import { outboxEvent } from '../domain/events.js';
import { settleRefund, type RefundDeps } from './settle-refund.js';
import type { ChangeAudit } from '../ports/audit-log.js';
import type { DeliverNow, PrepareDelivery } from './deliver-now.js';

export interface CancelOrderDeps extends RefundDeps {
  now: () => Date;
  windowMinutes: number;
  /** The first attempt of each webhook delivery the cancellation wrote; never throws (a failure stays due). */
  deliverNow: DeliverNow;
  /** Reads what the partner's delivery needs while the cancellation is written (see AttemptReady). */
  prepareDelivery?: PrepareDelivery;
}

export type CancelResult =
  | { ok: true; kind: 'cancelled'; order: OrderRecord; refund: 'issued' | 'pending' }
  | { ok: false; kind: 'refused'; reason: CancelReason }
  | { ok: false; kind: 'no_order' };

/**
 * DELETE /orders/{id}: the partner's order, cancelled with a write guarded on the state and
 * version read, so a cancel racing a placement has exactly one winner. The payment is marked
 * refund_pending in the same write (with the order.cancelled event and the request's audit record), so a crash before the refund
 * leaves a visible, alerting state rather than a silent one; then the webhook's first attempt
 * and the refund, side by side.
 */
export async function cancelOrder(
  deps: CancelOrderDeps,
  partnerId: string,
  orderId: string,
  audit?: ChangeAudit,
): Promise<CancelResult> {
  let current = await deps.orders.get(partnerId, orderId);
  if (!current) return { ok: false, kind: 'no_order' };
  let delivery: ReturnType<PrepareDelivery> | undefined;
  for (let attempt = 0; attempt < 3; attempt++) {
    const now = deps.now();
    const decision = cancelDecision(current, now, deps.windowMinutes);
    if (!decision.ok) return { ok: false, kind: 'refused', reason: decision.reason };
    const events = [outboxEvent('order.cancelled', current, 'partner_cancel', now)];
    const records = audit?.records({ orderId }) ?? [];
    const cancelling = deps.orders.transition(
      current,
      ['scheduled'],
      {
        state: 'cancelled',
        cancelledAt: now.toISOString(),
        updatedAt: now.toISOString(),
        payment: { ...current.payment, status: 'refund_pending' },
      },
      events,
      records,
    );
    // A cancellation refunds and tells the partner next: the payment client loads, and the
    // partner's delivery is made ready, in the write's wait, once the write is on its way (a
    // refusal above does neither).
    deps.payments.prepare?.();
    delivery ??= deps.prepareDelivery?.(partnerId);
    const cancelled = await cancelling;
    if (!cancelled) {
      // Someone moved it first (placement, or another cancel): decide again on what is stored now.
      current = (await deps.orders.get(partnerId, orderId)) ?? current;
      continue;
    }
    audit?.written();
    // Independent effects, so neither waits for the other: the webhook attempt writes only its
    // delivery record, the refund only the order's payment.
    const [, settled] = await Promise.all([deps.deliverNow(events, delivery), settleRefund(deps, cancelled, 0)]);
    return { ok: true, kind: 'cancelled', ...settled };
  }
  return { ok: false, kind: 'refused', reason: 'not_cancellable' };
}
