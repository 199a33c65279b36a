import type { Payments } from '../ports/payments.js';
import type { OrderRecord } from '../domain/order.js';
import { completePlacement, type PlaceOrderDeps } from './place-order.js';
import { settleRefund } from './settle-refund.js';
import type { RecoveryKind } from '../domain/recovery-kind.js';

/** What placement needs (to issue a requisition again), and payments (to refund again). */
export interface RecoveryDeps extends PlaceOrderDeps {
  payments: Payments;
  /** A placement still running after this long never finished (the placement function's timeout is far shorter). */
  placingTimeoutMinutes: number;
  /** How long a failed requisition or refund waits before the next try. */
  retryMinutes: number;
}

const BATCH = 25;

/**
 * The recovery sweep: finishes what a crash, a timeout or a failing dependency left part-way.
 * - An order still `placing` after the timeout may or may not exist at the lab. It is never
 *   placed again (the lab has no cancellation): it becomes `unconfirmed` and support is alerted.
 * - An order the lab accepted without its requisition gets the requisition issued again.
 * - A cancelled order whose refund is pending gets the refund tried again (the same refund,
 *   never a second one), and operators are alerted on every try that fails.
 * Each retry moves the order's last update on, so a failing one is tried again after the wait.
 */
export async function recoverOrders(deps: RecoveryDeps): Promise<number> {
  const now = deps.now();
  const before = (minutes: number) => new Date(now.getTime() - minutes * 60_000);
  let recovered = 0;
  const each = async (kind: RecoveryKind, minutes: number, fix: (order: OrderRecord) => Promise<boolean>) => {
    for (const order of await deps.orders.needsRecovery(kind, before(minutes), BATCH)) {
      // One order's failure must not hold up the others; it stays found for the next sweep.
      if (await fix(order).catch(() => false)) recovered++;
    }
  };
  // The three kinds are disjoint sets of orders (each state is one kind's), so they run side by
  // side: one index read's wait, not three.
  await Promise.all([
    each('placing', deps.placingTimeoutMinutes, async (order) => {
      const moved = await deps.orders.transition(order, ['placing'], {
        state: 'unconfirmed',
        updatedAt: now.toISOString(),
      });
      // Only once the move stands: an index read can be stale, and a finished placement is no alarm.
      if (moved) deps.alert('placement_unconfirmed', { orderId: order.id, partnerId: order.partnerId });
      return moved !== null;
    }),
    each('requisition', deps.retryMinutes, async (order) => {
      const done = await completePlacement(deps, order, order.requisitionNumber as string, 'placement');
      return done?.state === 'requisition_issued';
    }),
    each('refund', deps.retryMinutes, async (order) => {
      const attempt = (order.payment.refundRetries ?? 0) + 1;
      const settled = await settleRefund(deps, order, attempt);
      if (settled.refund === 'issued') return true;
      // The next try waits its turn, under a provider key of its own.
      const payment = { ...order.payment, refundRetries: attempt };
      await deps.orders.transition(order, ['cancelled'], { payment, updatedAt: now.toISOString() });
      return false;
    }),
  ]);
  return recovered;
}
