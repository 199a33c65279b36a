import { beforeEach, describe, expect, it } from 'vitest';
import type { MemoryKeys, ScriptedPayments } from '../support/fakes.js';
import type { ChargeRequest } from '../../shared/ports/payments.js';
import { DEFAULT_TOTAL, orderWorld, type OrderWorld } from '../support/order-world.js';

let w: OrderWorld;
beforeEach(() => {
  w = orderWorld();
});

describe('createOrder', () => {
  it('402 on decline releases the key: the retry is a NEW charge attempt with a new provider key', async () => {
    w.payments.next.push(() => ({ kind: 'declined', intentId: 'pi_d', declineCode: 'generic_decline' }));
    expect(await w.create()).toEqual({
      kind: 'refused',
      code: 'payment_failed',
      details: { declineCode: 'generic_decline' },
    });
    const retry = await w.create();
    expect(retry.kind).toBe('created');
    expect(new Set(w.payments.charges.map((c) => c.idempotencyKey)).size).toBe(2);
  });

  it('an order created after a decline is created when it is charged: its window starts then, and its id is new', async () => {
    w.payments.next.push(() => ({ kind: 'declined', intentId: 'pi_d', declineCode: 'generic_decline' }));
    await w.create();
    const firstId = (await w.keys.get('ptr_1#key-1'))?.orderId;
    w.now += 2 * 3600_000; // the partner fixes its card two hours later and retries with the same key
    const retry = await w.create();
    const order = JSON.parse((retry as { body: string }).body) as { id: string };
    const stored = w.orders.orders.get(order.id);
    expect(stored?.createdAt).toBe(new Date(w.now).toISOString());
    expect(order.id).not.toBe(firstId);
  });

  it('an order whose intent was pending is created when the re-check finds it succeeded; a retry after a 500 keeps that time', async () => {
    const start = w.now;
    w.payments.next.push(() => ({ kind: 'pending', intentId: 'pi_p', status: 'processing' }));
    await w.create();
    w.now += 3600_000;
    w.payments.retrieveResult = { kind: 'succeeded', intentId: 'pi_p', amountCents: 5000 };
    w.orders.failCreates = 1;
    expect(await w.create()).toMatchObject({ code: 'internal_error' });
    const chargedAt = new Date(w.now).toISOString();
    w.now += 6 * 60_000;
    expect((await w.create()).kind).toBe('created');
    const [order] = [...w.orders.orders.values()];
    expect(order?.createdAt).toBe(chargedAt);
    expect(order?.createdAt).not.toBe(new Date(start).toISOString());
  });

  it('a replay of an unknown outcome sends the attempt’s own request, and the order records what it charged, whatever changed since', async () => {
    w.payments.next.push(() => ({ kind: 'provider_error', message: 'timeout' }));
    expect(await w.create()).toEqual({ kind: 'refused', code: 'payment_provider_error' });
    // Meanwhile an operator raised the partner's fees and changed its card.
    w.setTotal(7000);
    w.partner.paymentMethod = 'pm_card_mastercard';
    expect((await w.create()).kind).toBe('created');
    const [first, replay] = w.payments.charges;
    expect(replay).toEqual(first);
    expect(replay).toMatchObject({ amountCents: DEFAULT_TOTAL, paymentMethod: 'pm_card_visa' });
    expect([...w.orders.orders.values()][0]).toMatchObject({
      totalCents: DEFAULT_TOTAL,
      payment: { amountCents: DEFAULT_TOTAL },
    });
  });

  it('an order whose pending intent succeeds records the amount of that intent, not today’s prices', async () => {
    w.payments.next.push(() => ({ kind: 'pending', intentId: 'pi_p', status: 'processing' }));
    await w.create();
    w.payments.retrieveResult = { kind: 'succeeded', intentId: 'pi_p', amountCents: DEFAULT_TOTAL };
    w.setTotal(9000);
    expect((await w.create()).kind).toBe('created');
    expect([...w.orders.orders.values()][0]).toMatchObject({ totalCents: DEFAULT_TOTAL });
  });

  it('a new attempt after a decline is priced afresh', async () => {
    w.payments.next.push(() => ({ kind: 'declined', intentId: 'pi_d', declineCode: 'generic_decline' }));
    await w.create();
    w.setTotal(6000);
    expect((await w.create()).kind).toBe('created');
    expect(w.payments.charges.map((c) => c.amountCents)).toEqual([DEFAULT_TOTAL, 6000]);
  });

  it('the business rules run for a new request, and never again once money moved for its key and body', async () => {
    // Charged, then the order write failed (500); or the outcome is unknown (502); or the intent is pending.
    w.orders.failCreates = 1;
    await w.create({ idempotencyKey: 'key-2' });
    w.payments.next.push(() => ({ kind: 'provider_error', message: 'timeout' }));
    await w.create({ idempotencyKey: 'key-3' });
    w.payments.next.push(() => ({ kind: 'pending', intentId: 'pi_p', status: 'requires_action' }));
    w.payments.retrieveResult = { kind: 'pending', intentId: 'pi_p', status: 'requires_action' };
    await w.create({ idempotencyKey: 'key-4' });
    w.payments.next.push(() => ({ kind: 'declined', intentId: 'pi_d', declineCode: 'generic_decline' }));
    await w.create({ idempotencyKey: 'key-5' });
    // Then the patient's state becomes restricted and the fees go up.
    w.restrictedStates.push('TX');
    w.setTotal(9000);
    w.now += 6 * 60_000;
    expect(await w.create({ idempotencyKey: 'key-new' })).toMatchObject({ kind: 'rule_failed' });
    // A 400 here would tell the partner a new key is safe, and the new key would charge again.
    expect(await w.create({ idempotencyKey: 'key-2' })).toMatchObject({ kind: 'created' });
    expect(await w.create({ idempotencyKey: 'key-3' })).toMatchObject({ kind: 'created' });
    expect(await w.create({ idempotencyKey: 'key-4' })).toMatchObject({ code: 'payment_pending' });
    // A definitive decline moved no money: the rules run again.
    expect(await w.create({ idempotencyKey: 'key-5' })).toMatchObject({
      kind: 'rule_failed',
      error: { code: 'unavailable_in_state' },
    });
    for (const o of w.orders.orders.values()) expect(o.totalCents).toBe(DEFAULT_TOTAL);
  });

  it('a replay reads the key once and nothing else; a stale read costs a retry, never a double charge', async () => {
    let reads = 0;
    let stale = false;
    const counting = () => ({
      ...w.deps(),
      keys: Object.assign(Object.create(w.keys) as MemoryKeys, {
        get: async (id: string) => (reads++, stale ? ((stale = false), null) : w.keys.get(id)),
      }),
    });
    const created = await w.create({}, counting());
    expect(created.kind).toBe('created');
    expect(reads).toBe(1);
    // A read taken before another request claimed and finished the key: the write fails, the retry reads afresh and replays.
    stale = true;
    const fresh = await w.create({}, counting());
    expect(fresh).toEqual({ ...created, replayed: true });
    expect(reads).toBe(3);
    expect(w.payments.charges).toHaveLength(1);
  });

  it('402 with the status when the intent resolved without completing', async () => {
    w.payments.next.push(() => ({ kind: 'failed', intentId: 'pi_c', status: 'canceled' }));
    expect(await w.create()).toEqual({
      kind: 'refused',
      code: 'payment_failed',
      details: { status: 'canceled' },
    });
  });

  it('502 payment_pending remembers the intent; the retry re-checks it (never charges again)', async () => {
    w.payments.next.push(() => ({ kind: 'pending', intentId: 'pi_p', status: 'processing' }));
    expect(await w.create()).toEqual({
      kind: 'refused',
      code: 'payment_pending',
      details: { status: 'processing' },
    });
    w.payments.retrieveResult = { kind: 'pending', intentId: 'pi_p', status: 'processing' };
    expect(await w.create()).toMatchObject({ code: 'payment_pending' });
    w.payments.retrieveResult = { kind: 'succeeded', intentId: 'pi_p', amountCents: 5000 };
    const done = await w.create();
    expect(done.kind).toBe('created');
    expect(w.payments.charges).toHaveLength(1);
    expect([...w.orders.orders.values()][0]?.payment.paymentIntentId).toBe('pi_p');
  });

  it('a pending intent that is finally declined gives 402', async () => {
    w.payments.next.push(() => ({ kind: 'pending', intentId: 'pi_p', status: 'processing' }));
    await w.create();
    w.payments.retrieveResult = { kind: 'declined', intentId: 'pi_p', declineCode: 'generic_decline' };
    expect(await w.create()).toMatchObject({ kind: 'refused', code: 'payment_failed' });
  });

  it('502 payment_provider_error keeps the attempt: the retry replays the SAME provider request', async () => {
    w.payments.next.push(() => ({ kind: 'provider_error', message: 'down' }));
    expect(await w.create()).toEqual({ kind: 'refused', code: 'payment_provider_error' });
    expect((await w.create()).kind).toBe('created');
    expect(new Set(w.payments.charges.map((c) => c.idempotencyKey)).size).toBe(1);
    expect(w.payments.succeededCharges()).toBe(1);
  });

  it('concurrent requests with one key: exactly one charge and one order', async () => {
    const results = await Promise.all(Array.from({ length: 20 }, () => w.create()));
    expect(results.filter((r) => r.kind === 'created')).toHaveLength(1);
    for (const r of results.filter((r) => r.kind !== 'created'))
      expect(['idempotency_in_progress', 'payment_in_flight']).toContain((r as { code: string }).code);
    expect(w.orders.orders.size).toBe(1);
    expect(w.payments.charges).toHaveLength(1);
  });

  it('a request that died mid-charge is resumed after its lease, replaying the same attempt', async () => {
    // The first request is killed while its charge is out: its promise never settles.
    w.payments.next.push(() => {
      throw new Error('unreachable');
    });
    w.payments.charge = ((orig: ScriptedPayments['charge']) => async (req: ChargeRequest) => {
      if (w.payments.charges.length === 0) {
        w.payments.charges.push(req);
        return new Promise<never>(() => undefined);
      }
      return orig(req);
    })(w.payments.charge.bind(w.payments));
    w.payments.next = [];
    void w.create();
    await new Promise((r) => setTimeout(r, 10));
    expect(await w.create()).toEqual({ kind: 'refused', code: 'payment_in_flight', retryAfterSeconds: 30 });
    w.now += 31_000;
    const done = await w.create();
    expect(done.kind).toBe('created');
    expect(new Set(w.payments.charges.map((c) => c.idempotencyKey)).size).toBe(1);
    expect(w.orders.orders.size).toBe(1);
  });

  it('an order the store cannot write is refused before the key is claimed or anything charged', async () => {
    w.orders.storageProblem = () => 'the order cannot be stored';
    const res = await w.create();
    expect(res).toMatchObject({
      kind: 'refused',
      code: 'not_storable',
      details: { reason: 'the order cannot be stored' },
    });
    expect(w.payments.charges).toHaveLength(0);
    expect(await w.keys.get('ptr_1#key-1')).toBeNull();
  });

  it('a refusal while the lease or the 500 lock holds says when to retry, in whole seconds', async () => {
    w.orders.failCreates = 1;
    const failed = await w.create();
    expect(failed).toMatchObject({ kind: 'refused', code: 'internal_error', retryAfterSeconds: 300 });
    // Money was taken and no order written: operators hear of it at once.
    expect(w.alerts).toEqual(['order_write_failed_after_charge']);
    w.now += 299_500;
    expect(await w.create()).toMatchObject({ code: 'idempotency_in_progress', retryAfterSeconds: 1 });
    w.now += 1000;
    expect(await w.create()).toMatchObject({ kind: 'created' });
  });
});
