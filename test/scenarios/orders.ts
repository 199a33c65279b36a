import { expect } from 'vitest';

// Order and payment scenarios, each defined once and run in two tiers from this table: in process
// against the use cases on the in-memory fakes (test/unit/order-scenarios.test.ts) and over HTTP
// against the local runtime (test/e2e/order-scenarios.test.ts). A driver speaks the partner API's
// language (statuses, error codes, the public order) in both, so a scenario cannot tell them apart.

/** An answer as the partner sees it. */
export interface Answer {
  status: number;
  /** The error code, or null on success. */
  code: string | null;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
  retryAfter: number | null;
}

/** The request bodies a scenario sends: the driver fills in catalogue items that exist in its tier. */
export type OrderBody = 'standard' | 'another_patient' | 'restricted_state';

export interface OrdersDriver {
  /** A fresh partner (its own tenant) paying with this method; null: none on file. */
  newPartner(paymentMethod: string | null): Promise<void>;
  /** The operator changes the partner's payment method. */
  setPaymentMethod(paymentMethod: string): Promise<void>;
  /** The operator raises the partner's per-order fees by this many cents. */
  raiseFees(cents: number): Promise<void>;
  create(idempotencyKey: string, body?: OrderBody): Promise<Answer>;
  get(orderId: string): Promise<Answer>;
  cancel(orderId: string): Promise<Answer>;
  /** Moves the service clock on. */
  advanceSeconds(seconds: number): Promise<void>;
  /** The order store fails its next write (as if down). */
  failNextOrderWrite(): Promise<void>;
  /** Amounts of this partner's succeeded charges, and the number of its refunds. */
  charges(): Promise<{ succeeded: number[]; refunds: number }>;
  /** How many orders the partner has. */
  orderCount(): Promise<number>;
  /** A fresh Idempotency-Key. */
  key(): string;
}

export interface Scenario {
  name: string;
  run(d: OrdersDriver): Promise<void>;
}

const created = (a: Answer) => expect(a, JSON.stringify(a.body)).toMatchObject({ status: 201, code: null });
const refused = (a: Answer, status: number, code: string) => expect(a).toMatchObject({ status, code });

export const ORDER_SCENARIOS: Scenario[] = [
  {
    name: 'an order is created processing, charged once; the same key and body replays it exactly',
    async run(d) {
      await d.newPartner('pm_card_visa');
      const key = d.key();
      const first = await d.create(key);
      created(first);
      expect(first.body).toMatchObject({ status: 'processing', payment: { status: 'succeeded' } });
      const replay = await d.create(key);
      created(replay);
      expect(replay.body).toEqual(first.body);
      expect((await d.charges()).succeeded).toEqual([first.body.totalCents]);
      expect(await d.orderCount()).toBe(1);
    },
  },
  {
    name: 'the same key with another body: 409 idempotency_conflict, nothing charged again',
    async run(d) {
      await d.newPartner('pm_card_visa');
      const key = d.key();
      created(await d.create(key));
      refused(await d.create(key, 'another_patient'), 409, 'idempotency_conflict');
      expect((await d.charges()).succeeded).toHaveLength(1);
    },
  },
  {
    name: 'a patient in a restricted state: 400 unavailable_in_state, and the key is not consumed',
    async run(d) {
      await d.newPartner('pm_card_visa');
      const key = d.key();
      const refusal = await d.create(key, 'restricted_state');
      refused(refusal, 400, 'unavailable_in_state');
      expect(refusal.body.error.details).toMatchObject({ state: 'NY' });
      expect((await d.charges()).succeeded).toHaveLength(0);
      created(await d.create(key));
    },
  },
  {
    name: 'a declined card: 402 payment_failed; once the card is fixed, the SAME key makes one fresh charge',
    async run(d) {
      await d.newPartner('pm_card_chargeDeclined');
      const key = d.key();
      const declined = await d.create(key);
      refused(declined, 402, 'payment_failed');
      expect(declined.body.error.details).toEqual({ declineCode: 'generic_decline' });
      await d.setPaymentMethod('pm_card_visa');
      created(await d.create(key));
      expect((await d.charges()).succeeded).toHaveLength(1);
    },
  },
  {
    name: 'no payment method: 402 no_payment_method, nothing charged; once one is set, the same key succeeds',
    async run(d) {
      await d.newPartner(null);
      const key = d.key();
      refused(await d.create(key), 402, 'no_payment_method');
      expect((await d.charges()).succeeded).toHaveLength(0);
      await d.setPaymentMethod('pm_card_visa');
      created(await d.create(key));
      expect((await d.charges()).succeeded).toHaveLength(1);
    },
  },
  {
    name: 'the store fails after the charge: 500 locked 5 minutes, then the retry finishes the order once, as charged',
    async run(d) {
      await d.newPartner('pm_card_visa');
      const key = d.key();
      await d.failNextOrderWrite();
      const failed = await d.create(key);
      refused(failed, 500, 'internal_error');
      expect(failed.retryAfter).toBe(300);
      const locked = await d.create(key);
      refused(locked, 409, 'idempotency_in_progress');
      expect(locked.retryAfter).toBeGreaterThanOrEqual(1);
      expect(locked.retryAfter).toBeLessThanOrEqual(300);
      // Meanwhile the operator raises the partner's fees: the order must still say what was charged.
      await d.raiseFees(1000);
      await d.advanceSeconds(301);
      const done = await d.create(key);
      created(done);
      const { succeeded } = await d.charges();
      expect(succeeded).toEqual([done.body.totalCents]);
      expect(done.body.payment.amountCents).toBe(succeeded[0]);
      const { labCollectionCents, physicianOrderCents } = done.body.fees;
      expect(done.body.subtotalCents + labCollectionCents + physicianOrderCents).toBe(succeeded[0]);
      expect(await d.orderCount()).toBe(1);
    },
  },
  {
    name: 'cancelled inside the window: 200 with the refund issued inline; again: 409 already_cancelled',
    async run(d) {
      await d.newPartner('pm_card_visa');
      const order = (await d.create(d.key())).body;
      const cancelled = await d.cancel(order.id);
      expect(cancelled).toMatchObject({ status: 200, body: { id: order.id, status: 'cancelled', refund: 'issued' } });
      expect(cancelled.body.cancelledAt).toBeTruthy();
      expect((await d.charges()).refunds).toBe(1);
      const again = await d.cancel(order.id);
      refused(again, 409, 'cannot_cancel');
      expect(again.body.error.details).toEqual({ reason: 'already_cancelled' });
      const read = await d.get(order.id);
      expect(read.body.status).toBe('cancelled');
      expect(read.body).not.toHaveProperty('refund');
    },
  },
  {
    name: 'after the 60-minute window: 409 cannot_cancel, nothing refunded',
    async run(d) {
      await d.newPartner('pm_card_visa');
      const order = (await d.create(d.key())).body;
      await d.advanceSeconds(3601);
      const late = await d.cancel(order.id);
      refused(late, 409, 'cannot_cancel');
      // Placement may or may not have run in between: either way the order is past cancelling.
      expect(['not_cancellable', 'placed', 'requisition_issued']).toContain(late.body.error.details.reason);
      expect((await d.charges()).refunds).toBe(0);
    },
  },
  {
    name: 'after 24 hours a key is new again: a new order and a new charge',
    async run(d) {
      await d.newPartner('pm_card_visa');
      const key = d.key();
      const first = await d.create(key);
      await d.advanceSeconds(24 * 3600 + 1);
      const second = await d.create(key);
      created(second);
      expect(second.body.id).not.toBe(first.body.id);
      expect((await d.charges()).succeeded).toHaveLength(2);
      expect(await d.orderCount()).toBe(2);
    },
  },
];
