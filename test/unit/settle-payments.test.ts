import { beforeEach, describe, expect, it } from 'vitest';
import { createOrder, type CreateOrderDeps, type CreateOrderInput } from '../../shared/domain/create-order.js';
import { settleKey, settlePayments, type SettleDeps } from '../../shared/app/settle-payments.js';
import type { OrderRecord } from '../../shared/domain/order.js';
import type { Partner } from '../../shared/domain/partner.js';
import { MemoryKeys, MemoryOrders, ScriptedPayments } from '../support/fakes.js';

const DAY = 24 * 3600_000;
let now = 1_700_000_000_000;
let keys: MemoryKeys;
let orders: MemoryOrders;
let payments: ScriptedPayments;
let alerts: string[];
let seq = 0;

const settleDeps = (): SettleDeps => ({
  keys,
  payments,
  now: () => new Date(now),
  alert: (e) => alerts.push(e),
  leaseMs: 30_000,
  keyLifeMs: DAY,
});
const deps = (): CreateOrderDeps => ({
  keys,
  payments,
  orders,
  now: () => new Date(now),
  newOrderId: () => `order_${++seq}`,
  alert: (e) => alerts.push(e),
  schedulePlacement: async () => undefined,
  leaseMs: 30_000,
  retryLockMs: 5 * 60_000,
  keyTtlHours: 24,
  settleExpired: (r) => settleKey(settleDeps(), r),
});
const partner = {
  id: 'ptr_1',
  status: 'active',
  fees: { labCollectionCents: 1000, physicianOrderCents: 800 },
  paymentMethod: 'pm_card_visa',
  stripeCustomerId: null,
} as unknown as Partner;
const input = (): CreateOrderInput => ({
  partner,
  idempotencyKey: 'key-1',
  requestHash: 'h1',
  pricing: { items: [], fees: partner.fees, subtotalCents: 3200, totalCents: 5000 },
  buildOrder: (id, createdAt, intentId, p) =>
    ({
      id,
      partnerId: 'ptr_1',
      createdAt: createdAt.toISOString(),
      totalCents: p.totalCents,
      payment: { paymentIntentId: intentId },
    }) as unknown as OrderRecord,
  encode: (o) => JSON.stringify({ id: o.id }),
});
const record = () => keys.records.get('ptr_1#key-1');

beforeEach(() => {
  keys = new MemoryKeys();
  orders = new MemoryOrders();
  payments = new ScriptedPayments();
  alerts = [];
});

describe('settlement of keys that moved money', () => {
  it('a charge whose order write failed: kept with no TTL; refunded once at the first sweep after 24 h', async () => {
    orders.failCreates = 1;
    expect(await createOrder(deps(), input())).toMatchObject({ code: 'internal_error' });
    expect(record()).not.toHaveProperty('expiration');
    now += 10 * 60_000;
    expect(await settlePayments(settleDeps())).toBe(0);
    expect(payments.refunds).toHaveLength(0);
    now += DAY;
    expect(await settlePayments(settleDeps())).toBe(1);
    expect(payments.refunds).toEqual(['pi_1']);
    expect(alerts).toContain('charge_settled_by_refund');
    expect(record()).toMatchObject({ phase: 'settled', refundId: 're_pi_1' });
    expect(record()?.expiration).toBeGreaterThan(0);
    expect(await settlePayments(settleDeps())).toBe(0);
    expect(payments.refunds).toHaveLength(1);
    expect(orders.orders.size).toBe(0);
  });

  it('a charge whose answer was lost is found by its order id; the same-key retry finishes the order with no new charge', async () => {
    payments.next.push(() => ({ kind: 'provider_error', message: 'timeout' }));
    expect(await createOrder(deps(), input())).toMatchObject({ code: 'payment_provider_error' });
    const sent = payments.charges[0];
    payments.byKey.set(sent?.idempotencyKey as string, { kind: 'succeeded', intentId: 'pi_lost', amountCents: 5000 });
    now += 10 * 60_000;
    await settlePayments(settleDeps());
    expect(record()).toMatchObject({ phase: 'charged', intentId: 'pi_lost' });
    const charges = payments.charges.length;
    expect(await createOrder(deps(), input())).toMatchObject({ ok: true });
    expect(payments.charges).toHaveLength(charges);
    expect([...orders.orders.values()][0]?.payment.paymentIntentId).toBe('pi_lost');
  });

  it('a pending intent with no order after 24 h is cancelled; one Stripe never saw is settled with nothing to return', async () => {
    payments.next.push(() => ({ kind: 'pending', intentId: 'pi_p', status: 'requires_action' }));
    payments.retrieveResult = { kind: 'pending', intentId: 'pi_p', status: 'requires_action' };
    await createOrder(deps(), input());
    now += 2 * 3600_000;
    await settlePayments(settleDeps());
    expect(alerts).toContain('payment_pending_over_an_hour');
    now += DAY;
    expect(await settlePayments(settleDeps())).toBe(1);
    expect(payments.cancelled).toEqual(['pi_p']);
    expect(record()).toMatchObject({ phase: 'settled' });

    const other = { ...input(), idempotencyKey: 'key-2' };
    payments.next.push(() => ({ kind: 'provider_error', message: 'never arrived' }));
    await createOrder(deps(), other);
    now += DAY;
    expect(await settlePayments(settleDeps())).toBe(1);
    expect(keys.records.get('ptr_1#key-2')).toMatchObject({ phase: 'settled', refundId: null });
    expect(payments.refunds).toHaveLength(0);
  });

  it('a refund that fails alerts and is tried again at the next sweep, under the same Stripe key', async () => {
    orders.failCreates = 1;
    await createOrder(deps(), input());
    now += DAY + 60_000;
    payments.refundFails = true;
    expect(await settlePayments(settleDeps())).toBe(0);
    expect(alerts).toContain('settlement_failed');
    expect(record()).toMatchObject({ phase: 'charged' });
    payments.refundFails = false;
    expect(await settlePayments(settleDeps())).toBe(1);
    expect(new Set(payments.refundKeys).size).toBe(1);
  });

  it('the same key after 24 h settles the old charge first, then counts as new: a new charge and an order', async () => {
    orders.failCreates = 1;
    await createOrder(deps(), input());
    now += DAY;
    const again = await createOrder(deps(), input());
    expect(again).toMatchObject({ ok: true });
    expect(payments.refunds).toEqual(['pi_1']);
    expect(payments.succeededCharges()).toBe(2);
    expect(orders.orders.size).toBe(1);
  });
});
