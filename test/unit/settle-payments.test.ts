import { beforeEach, describe, expect, it } from 'vitest';
import { settlePayments } from '../../shared/app/settle-payments.js';
import { DEFAULT_TOTAL, orderWorld, type OrderWorld } from '../support/order-world.js';

const DAY = 24 * 3600_000;
let w: OrderWorld;
const record = () => w.keys.records.get('ptr_1#key-1');
const settleDeps = () => w.settleDeps();

beforeEach(() => {
  w = orderWorld();
});

describe('settlement of keys that moved money', () => {
  it('a charge whose order write failed: kept with no TTL; refunded once at the first sweep after 24 h', async () => {
    w.orders.failCreates = 1;
    expect(await w.create()).toMatchObject({ code: 'internal_error' });
    expect(record()).not.toHaveProperty('expiration');
    w.now += 10 * 60_000;
    expect(await settlePayments(settleDeps())).toBe(0);
    expect(w.payments.refunds).toHaveLength(0);
    w.now += DAY;
    expect(await settlePayments(settleDeps())).toBe(1);
    expect(w.payments.refunds).toEqual(['pi_1']);
    expect(w.alerts).toContain('charge_settled_by_refund');
    expect(record()).toMatchObject({ phase: 'settled', refundId: 're_pi_1' });
    expect(record()?.expiration).toBeGreaterThan(0);
    expect(await settlePayments(settleDeps())).toBe(0);
    expect(w.payments.refunds).toHaveLength(1);
    expect(w.orders.orders.size).toBe(0);
  });

  it('a charge whose answer was lost is found by its order id; the same-key retry finishes the order with no new charge', async () => {
    w.payments.next.push(() => ({ kind: 'provider_error', message: 'timeout' }));
    expect(await w.create()).toMatchObject({ code: 'payment_provider_error' });
    const sent = w.payments.charges[0];
    w.payments.byKey.set(sent?.idempotencyKey as string, {
      kind: 'succeeded',
      intentId: 'pi_lost',
      amountCents: DEFAULT_TOTAL,
    });
    w.now += 10 * 60_000;
    await settlePayments(settleDeps());
    expect(record()).toMatchObject({ phase: 'charged', intentId: 'pi_lost' });
    const charges = w.payments.charges.length;
    expect(await w.create()).toMatchObject({ kind: 'created' });
    expect(w.payments.charges).toHaveLength(charges);
    expect([...w.orders.orders.values()][0]?.payment.paymentIntentId).toBe('pi_lost');
  });

  it('a pending intent with no order after 24 h is cancelled; one Stripe never saw is settled with nothing to return', async () => {
    w.payments.next.push(() => ({ kind: 'pending', intentId: 'pi_p', status: 'requires_action' }));
    w.payments.retrieveResult = { kind: 'pending', intentId: 'pi_p', status: 'requires_action' };
    await w.create();
    w.now += 2 * 3600_000;
    await settlePayments(settleDeps());
    expect(w.alerts).toContain('payment_pending_over_an_hour');
    w.now += DAY;
    expect(await settlePayments(settleDeps())).toBe(1);
    expect(w.payments.cancelled).toEqual(['pi_p']);
    expect(record()).toMatchObject({ phase: 'settled' });

    w.payments.next.push(() => ({ kind: 'provider_error', message: 'never arrived' }));
    await w.create({ idempotencyKey: 'key-2' });
    w.now += DAY;
    expect(await settlePayments(settleDeps())).toBe(1);
    expect(w.keys.records.get('ptr_1#key-2')).toMatchObject({ phase: 'settled', refundId: null });
    expect(w.payments.refunds).toHaveLength(0);
  });

  it('a refund that fails alerts and is tried again at the next sweep, under the same Stripe key', async () => {
    w.orders.failCreates = 1;
    await w.create();
    w.now += DAY + 60_000;
    w.payments.refundFails = true;
    expect(await settlePayments(settleDeps())).toBe(0);
    expect(w.alerts).toContain('settlement_failed');
    expect(record()).toMatchObject({ phase: 'charged' });
    w.payments.refundFails = false;
    expect(await settlePayments(settleDeps())).toBe(1);
    expect(new Set(w.payments.refundKeys).size).toBe(1);
  });

  it('the same key after 24 h settles the old charge first, then counts as new: a new charge and an order', async () => {
    w.orders.failCreates = 1;
    await w.create();
    w.now += DAY;
    const again = await w.create();
    expect(again).toMatchObject({ kind: 'created' });
    expect(w.payments.refunds).toEqual(['pi_1']);
    expect(w.payments.succeededCharges()).toBe(2);
    expect(w.orders.orders.size).toBe(1);
  });
});
