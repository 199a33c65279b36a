import { beforeEach, describe, expect, it } from 'vitest';
import {
  priorAttempt,
  createOrder,
  type CreateOrderDeps,
  type CreateOrderInput,
} from '../../shared/domain/create-order.js';
import type { OrderPricing } from '../../shared/domain/new-order.js';
import { settleKey } from '../../shared/app/settle-payments.js';
import type { OrderRecord } from '../../shared/domain/order.js';
import type { Partner } from '../../shared/domain/partner.js';
import { MemoryKeys, MemoryOrders, ScriptedPayments } from '../support/fakes.js';

let now = 1_700_000_000_000;
let keys: MemoryKeys;
let orders: MemoryOrders;
let payments: ScriptedPayments;
let alerts: string[];
let seq = 0;

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
  settleExpired: (record) =>
    settleKey(
      {
        keys,
        payments,
        now: () => new Date(now),
        alert: (e) => alerts.push(e),
        leaseMs: 30_000,
        keyLifeMs: 24 * 3600_000,
      },
      record,
    ),
});

const partner: Partner = {
  id: 'ptr_1',
  name: 'P',
  status: 'active',
  fees: { labCollectionCents: 1000, physicianOrderCents: 800 },
  paymentMethod: 'pm_card_visa',
  stripeCustomerId: null,
  webhookUrl: null,
  createdAt: '',
  updatedAt: '',
};

const pricing = (totalCents: number): OrderPricing => ({
  items: [{ id: 'cbc', type: 'test', name: 'CBC', priceCents: totalCents - 1800, fastingRequired: false }],
  fees: { labCollectionCents: 1000, physicianOrderCents: 800 },
  subtotalCents: totalCents - 1800,
  totalCents,
});

const input = (over: Partial<CreateOrderInput> = {}): CreateOrderInput => ({
  partner,
  idempotencyKey: 'key-1',
  requestHash: 'h1',
  pricing: pricing(5000),
  buildOrder: (orderId, createdAt, intentId, p) =>
    ({
      id: orderId,
      partnerId: 'ptr_1',
      createdAt: createdAt.toISOString(),
      totalCents: p.totalCents,
      payment: { paymentIntentId: intentId, amountCents: p.totalCents },
    }) as unknown as OrderRecord,
  encode: (o) => JSON.stringify({ id: o.id }),
  ...over,
});

beforeEach(() => {
  keys = new MemoryKeys();
  orders = new MemoryOrders();
  payments = new ScriptedPayments();
  alerts = [];
});

describe('createOrder', () => {
  it('creates once and replays the same response for the same key and body', async () => {
    const first = await createOrder(deps(), input());
    const again = await createOrder(deps(), input());
    expect(first).toMatchObject({ ok: true, status: 201 });
    expect(again).toEqual(first);
    expect(orders.orders.size).toBe(1);
    expect(payments.charges).toHaveLength(1);
  });

  it('409 idempotency_conflict for the same key with another body', async () => {
    await createOrder(deps(), input());
    expect(await createOrder(deps(), input({ requestHash: 'h2' }))).toEqual({
      ok: false,
      code: 'idempotency_conflict',
    });
  });

  it('402 no_payment_method, then the same key succeeds once a method is set', async () => {
    const none = await createOrder(deps(), input({ partner: { ...partner, paymentMethod: null } }));
    expect(none).toEqual({ ok: false, code: 'no_payment_method' });
    expect(payments.charges).toHaveLength(0);
    expect((await createOrder(deps(), input())).ok).toBe(true);
  });

  it('402 on decline releases the key: the retry is a NEW charge attempt with a new provider key', async () => {
    payments.next.push(() => ({ kind: 'declined', intentId: 'pi_d', declineCode: 'generic_decline' }));
    expect(await createOrder(deps(), input())).toEqual({
      ok: false,
      code: 'payment_failed',
      details: { declineCode: 'generic_decline' },
    });
    const retry = await createOrder(deps(), input());
    expect(retry.ok).toBe(true);
    expect(new Set(payments.charges.map((c) => c.idempotencyKey)).size).toBe(2);
  });

  it('an order created after a decline is created when it is charged: its window starts then, and its id is new', async () => {
    payments.next.push(() => ({ kind: 'declined', intentId: 'pi_d', declineCode: 'generic_decline' }));
    await createOrder(deps(), input());
    const firstId = (await keys.get('ptr_1#key-1'))?.orderId;
    now += 2 * 3600_000; // the partner fixes its card two hours later and retries with the same key
    const retry = await createOrder(deps(), input());
    const order = JSON.parse((retry as { body: string }).body) as { id: string };
    const stored = orders.orders.get(order.id);
    expect(stored?.createdAt).toBe(new Date(now).toISOString());
    expect(order.id).not.toBe(firstId);
  });

  it('an order whose intent was pending is created when the re-check finds it succeeded; a retry after a 500 keeps that time', async () => {
    const start = now;
    payments.next.push(() => ({ kind: 'pending', intentId: 'pi_p', status: 'processing' }));
    await createOrder(deps(), input());
    now += 3600_000;
    payments.retrieveResult = { kind: 'succeeded', intentId: 'pi_p', amountCents: 5000 };
    orders.failCreates = 1;
    expect(await createOrder(deps(), input())).toMatchObject({ code: 'internal_error' });
    const chargedAt = new Date(now).toISOString();
    now += 6 * 60_000;
    expect((await createOrder(deps(), input())).ok).toBe(true);
    const [order] = [...orders.orders.values()];
    expect(order?.createdAt).toBe(chargedAt);
    expect(order?.createdAt).not.toBe(new Date(start).toISOString());
  });

  it('a replay of an unknown outcome sends the attempt’s own request, and the order records what it charged, whatever changed since', async () => {
    payments.next.push(() => ({ kind: 'provider_error', message: 'timeout' }));
    expect(await createOrder(deps(), input())).toEqual({ ok: false, code: 'payment_provider_error' });
    // Meanwhile an operator raised the partner's fees and changed its card.
    const changed = input({ pricing: pricing(7000), partner: { ...partner, paymentMethod: 'pm_card_mastercard' } });
    expect((await createOrder(deps(), changed)).ok).toBe(true);
    const [first, replay] = payments.charges;
    expect(replay).toEqual(first);
    expect(replay).toMatchObject({ amountCents: 5000, paymentMethod: 'pm_card_visa' });
    expect([...orders.orders.values()][0]).toMatchObject({ totalCents: 5000, payment: { amountCents: 5000 } });
  });

  it('an order whose pending intent succeeds records the amount of that intent, not today’s prices', async () => {
    payments.next.push(() => ({ kind: 'pending', intentId: 'pi_p', status: 'processing' }));
    await createOrder(deps(), input());
    payments.retrieveResult = { kind: 'succeeded', intentId: 'pi_p', amountCents: 5000 };
    expect((await createOrder(deps(), input({ pricing: pricing(9000) }))).ok).toBe(true);
    expect([...orders.orders.values()][0]).toMatchObject({ totalCents: 5000 });
  });

  it('a new attempt after a decline is priced afresh', async () => {
    payments.next.push(() => ({ kind: 'declined', intentId: 'pi_d', declineCode: 'generic_decline' }));
    await createOrder(deps(), input());
    expect((await createOrder(deps(), input({ pricing: pricing(6000) }))).ok).toBe(true);
    expect(payments.charges.map((c) => c.amountCents)).toEqual([5000, 6000]);
  });

  it('priorAttempt: the stored response for the same body; after money moved, that charge’s figures; nothing otherwise', async () => {
    expect(await priorAttempt(deps(), 'ptr_1', 'key-1', 'h1')).toEqual({ kind: 'none', record: null });
    const done = await createOrder(deps(), input());
    expect(await priorAttempt(deps(), 'ptr_1', 'key-1', 'h1')).toEqual({
      kind: 'replay',
      body: (done as { body: string }).body,
    });
    const completed = await keys.get('ptr_1#key-1');
    expect(await priorAttempt(deps(), 'ptr_1', 'key-1', 'h2')).toEqual({ kind: 'none', record: completed });
    expect(await priorAttempt(deps(), 'ptr_2', 'key-1', 'h1')).toEqual({ kind: 'none', record: null });
    now += 24 * 3600_000;
    expect(await priorAttempt(deps(), 'ptr_1', 'key-1', 'h1')).toEqual({ kind: 'none', record: completed });

    // Charged, then the order write failed (500); or the outcome is unknown (502); or the intent is pending.
    orders.failCreates = 1;
    await createOrder(deps(), input({ idempotencyKey: 'key-2' }));
    payments.next.push(() => ({ kind: 'provider_error', message: 'timeout' }));
    await createOrder(deps(), input({ idempotencyKey: 'key-3' }));
    payments.next.push(() => ({ kind: 'pending', intentId: 'pi_p', status: 'requires_action' }));
    await createOrder(deps(), input({ idempotencyKey: 'key-4' }));
    for (const k of ['key-2', 'key-3', 'key-4']) {
      expect(await priorAttempt(deps(), 'ptr_1', k, 'h1'), k).toEqual({
        kind: 'money_moved',
        pricing: pricing(5000),
        record: await keys.get(`ptr_1#${k}`),
      });
    }
    // A definitive decline moved no money: the rules run again.
    payments.next.push(() => ({ kind: 'declined', intentId: 'pi_d', declineCode: 'generic_decline' }));
    await createOrder(deps(), input({ idempotencyKey: 'key-5' }));
    expect(await priorAttempt(deps(), 'ptr_1', 'key-5', 'h1')).toEqual({
      kind: 'none',
      record: await keys.get('ptr_1#key-5'),
    });
  });

  it('given the key record the caller just read, the claim makes no read of its own; a stale one costs a retry, never a double charge', async () => {
    let reads = 0;
    const counting = () => ({
      ...deps(),
      keys: Object.assign(Object.create(keys) as MemoryKeys, { get: async (id: string) => (reads++, keys.get(id)) }),
    });
    expect((await createOrder(counting(), input({ keyRead: null }))).ok).toBe(true);
    expect(reads).toBe(0);
    // A read taken before another request claimed and finished the key: the write fails, the retry reads afresh and replays.
    const fresh = await createOrder(counting(), input({ keyRead: null }));
    expect(fresh).toMatchObject({ ok: true, status: 201 });
    expect(reads).toBe(1);
    expect(payments.charges).toHaveLength(1);
  });

  it('402 with the status when the intent resolved without completing', async () => {
    payments.next.push(() => ({ kind: 'failed', intentId: 'pi_c', status: 'canceled' }));
    expect(await createOrder(deps(), input())).toEqual({
      ok: false,
      code: 'payment_failed',
      details: { status: 'canceled' },
    });
  });

  it('502 payment_pending remembers the intent; the retry re-checks it (never charges again)', async () => {
    payments.next.push(() => ({ kind: 'pending', intentId: 'pi_p', status: 'processing' }));
    expect(await createOrder(deps(), input())).toEqual({
      ok: false,
      code: 'payment_pending',
      details: { status: 'processing' },
    });
    payments.retrieveResult = { kind: 'pending', intentId: 'pi_p', status: 'processing' };
    expect(await createOrder(deps(), input())).toMatchObject({ code: 'payment_pending' });
    payments.retrieveResult = { kind: 'succeeded', intentId: 'pi_p', amountCents: 5000 };
    const done = await createOrder(deps(), input());
    expect(done.ok).toBe(true);
    expect(payments.charges).toHaveLength(1);
    expect([...orders.orders.values()][0]?.payment.paymentIntentId).toBe('pi_p');
  });

  it('a pending intent that is finally declined gives 402', async () => {
    payments.next.push(() => ({ kind: 'pending', intentId: 'pi_p', status: 'processing' }));
    await createOrder(deps(), input());
    payments.retrieveResult = { kind: 'declined', intentId: 'pi_p', declineCode: 'generic_decline' };
    expect(await createOrder(deps(), input())).toMatchObject({ ok: false, code: 'payment_failed' });
  });

  it('502 payment_provider_error keeps the attempt: the retry replays the SAME provider request', async () => {
    payments.next.push(() => ({ kind: 'provider_error', message: 'down' }));
    expect(await createOrder(deps(), input())).toEqual({ ok: false, code: 'payment_provider_error' });
    expect((await createOrder(deps(), input())).ok).toBe(true);
    expect(new Set(payments.charges.map((c) => c.idempotencyKey)).size).toBe(1);
    expect(payments.succeededCharges()).toBe(1);
  });

  it('500 after a successful charge keeps the key locked 5 minutes, then finishes with no second charge', async () => {
    orders.failCreates = 1;
    expect(await createOrder(deps(), input())).toEqual({ ok: false, code: 'internal_error', retryAfterSeconds: 300 });
    expect(alerts).toEqual(['order_write_failed_after_charge']);
    expect(await createOrder(deps(), input())).toEqual({
      ok: false,
      code: 'idempotency_in_progress',
      retryAfterSeconds: 300,
    });
    now += 4 * 60_000;
    expect(await createOrder(deps(), input())).toEqual({
      ok: false,
      code: 'idempotency_in_progress',
      retryAfterSeconds: 60,
    });
    now += 61_000;
    const done = await createOrder(deps(), input());
    expect(done.ok).toBe(true);
    expect(orders.orders.size).toBe(1);
    expect(payments.charges).toHaveLength(1);
  });

  it('after 24 hours the key is new: a new order and a new charge', async () => {
    await createOrder(deps(), input());
    now += 24 * 3600_000;
    const again = await createOrder(deps(), input());
    expect(again.ok).toBe(true);
    expect(orders.orders.size).toBe(2);
    expect(payments.succeededCharges()).toBe(2);
  });

  it('concurrent requests with one key: exactly one charge and one order', async () => {
    const results = await Promise.all(Array.from({ length: 20 }, () => createOrder(deps(), input())));
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    for (const r of results.filter((r) => !r.ok))
      expect(['idempotency_in_progress', 'payment_in_flight']).toContain((r as { code: string }).code);
    expect(orders.orders.size).toBe(1);
    expect(payments.charges).toHaveLength(1);
  });

  it('a request that died mid-charge is resumed after its lease, replaying the same attempt', async () => {
    // The first request is killed while its charge is out: its promise never settles.
    payments.next.push(() => {
      throw new Error('unreachable');
    });
    payments.charge = ((orig) => async (req) => {
      if (payments.charges.length === 0) {
        payments.charges.push(req);
        return new Promise<never>(() => undefined);
      }
      return orig(req);
    })(payments.charge.bind(payments));
    payments.next = [];
    void createOrder(deps(), input());
    await new Promise((r) => setTimeout(r, 10));
    expect(await createOrder(deps(), input())).toEqual({ ok: false, code: 'payment_in_flight', retryAfterSeconds: 30 });
    now += 31_000;
    const done = await createOrder(deps(), input());
    expect(done.ok).toBe(true);
    expect(new Set(payments.charges.map((c) => c.idempotencyKey)).size).toBe(1);
    expect(orders.orders.size).toBe(1);
  });

  it('an order the store cannot write is refused before the key is claimed or anything charged', async () => {
    orders.storageProblem = () => 'the order cannot be stored';
    const res = await createOrder(deps(), input());
    expect(res).toMatchObject({ ok: false, code: 'not_storable', details: { reason: 'the order cannot be stored' } });
    expect(payments.charges).toHaveLength(0);
    expect(await keys.get('ptr_1#key-1')).toBeNull();
  });

  it('a refusal while the lease or the 500 lock holds says when to retry, in whole seconds', async () => {
    orders.failCreates = 1;
    const failed = await createOrder(deps(), input());
    expect(failed).toMatchObject({ ok: false, code: 'internal_error', retryAfterSeconds: 300 });
    now += 299_500;
    expect(await createOrder(deps(), input())).toMatchObject({ code: 'idempotency_in_progress', retryAfterSeconds: 1 });
    now += 1000;
    expect(await createOrder(deps(), input())).toMatchObject({ ok: true });
  });
});
