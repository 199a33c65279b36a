import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { admin, api, newPartner, orderBody, simulatorIntents, type TestPartner } from '../support/partner.js';
import { catalogPicks } from '../support/catalog-picks.js';

let items: string[];
beforeAll(async () => {
  const picks = await catalogPicks();
  items = [picks.a.id, picks.panel.id];
});

async function post(p: TestPartner, key: string, body = orderBody(items)) {
  return api(p, 'POST', '/orders', { body, idempotencyKey: key });
}

const intentsFor = async (partnerId: string) =>
  (await simulatorIntents()).filter((i) => i.metadata?.partnerId === partnerId);

describe('payments through the Stripe simulator', () => {
  it.each(['pm_card_visa', 'pm_card_visa_debit', 'pm_card_mastercard', 'pm_card_amex', 'pm_card_discover'])(
    "Stripe's test method %s succeeds: 201 and one succeeded intent",
    async (pm) => {
      const p = await newPartner({ paymentMethod: pm });
      expect((await post(p, randomUUID())).status).toBe(201);
      expect((await intentsFor(p.id)).map((i) => i.status)).toEqual(['succeeded']);
    },
  );

  it.each([
    ['pm_card_chargeDeclinedLostCard', 'lost_card'],
    ['pm_card_chargeDeclinedStolenCard', 'stolen_card'],
    ['pm_card_chargeDeclinedExpiredCard', 'expired_card'],
    ['pm_card_chargeDeclinedIncorrectCvc', 'incorrect_cvc'],
    ['pm_card_chargeDeclinedProcessingError', 'processing_error'],
    ['pm_card_chargeDeclinedFraudulent', 'fraudulent'],
    ['pm_card_visa_chargeDeclined', 'generic_decline'],
  ])("Stripe's decline method %s -> 402 payment_failed with declineCode %s", async (pm, declineCode) => {
    const p = await newPartner({ paymentMethod: pm });
    const res = await post(p, randomUUID());
    expect(res.status).toBe(402);
    expect(res.body.error).toMatchObject({ code: 'payment_failed', details: { declineCode } });
    expect((await intentsFor(p.id)).map((i) => i.status)).toEqual(['requires_payment_method']);
  });

  it.each(['pm_card_bogus', 'pm_card_chargedeclined', 'pm_card_Visa', 'pm_bogus'])(
    'a payment method Stripe does not know (%s) is refused: 402, declineCode null, no intent at all',
    async (pm) => {
      const p = await newPartner({ paymentMethod: pm });
      const res = await post(p, randomUUID());
      expect(res.status).toBe(402);
      expect(res.body.error).toMatchObject({ code: 'payment_failed', details: { declineCode: null } });
      expect(await intentsFor(p.id)).toHaveLength(0);
    },
  );

  it.each([
    ['pm_card_chargeDeclined', { declineCode: 'generic_decline' }],
    ['pm_card_chargeDeclinedInsufficientFunds', { declineCode: 'insufficient_funds' }],
    ['pm_sim_canceled', { status: 'canceled' }],
    ['pm_sim_requires_payment_method', { status: 'requires_payment_method' }],
  ])('%s -> 402 payment_failed %j', async (pm, details) => {
    const p = await newPartner({ paymentMethod: pm });
    const res = await post(p, randomUUID());
    expect(res.status).toBe(402);
    expect(res.body.error).toMatchObject({ code: 'payment_failed', details });
  });

  it.each([
    // No payment method and a declined card are in the shared scenarios (test/scenarios/orders.ts).
    ['a payment method Stripe does not know', 'pm_bogus', { code: 'payment_failed', details: { declineCode: null } }],
  ])(
    '%s -> 402; once the operator fixes it, the SAME key makes one fresh charge',
    async (_name, paymentMethod, error) => {
      const p = await newPartner({ paymentMethod });
      const key = randomUUID();
      const body = orderBody(items);
      const first = await post(p, key, body);
      expect(first.status).toBe(402);
      expect(first.body.error).toMatchObject(error);
      await admin('PATCH', `/partners/${p.id}`, { paymentMethod: 'pm_card_visa' });
      expect((await post(p, key, body)).status).toBe(201);
      expect((await intentsFor(p.id)).filter((i) => i.status === 'succeeded')).toHaveLength(1);
    },
  );

  it('processing then succeeded: 502 payment_pending, then the retry with the same key gives 201', async () => {
    const p = await newPartner({ paymentMethod: 'pm_sim_processing_then_succeeded' });
    const key = randomUUID();
    const body = orderBody(items);
    const first = await post(p, key, body);
    expect(first.status).toBe(502);
    expect(first.body.error).toMatchObject({ code: 'payment_pending', details: { status: 'processing' } });
    const second = await post(p, key, body);
    expect(second.status).toBe(201);
    expect(await intentsFor(p.id)).toHaveLength(1);
  });

  it('processing then failed: 502, then 402', async () => {
    const p = await newPartner({ paymentMethod: 'pm_sim_processing_then_failed' });
    const key = randomUUID();
    const body = orderBody(items);
    expect((await post(p, key, body)).status).toBe(502);
    const second = await post(p, key, body);
    expect(second.status).toBe(402);
    expect(second.body.error.code).toBe('payment_failed');
  });

  it('requires_action stays 502 payment_pending every time, with one intent', async () => {
    const p = await newPartner({ paymentMethod: 'pm_sim_requires_action' });
    const key = randomUUID();
    const body = orderBody(items);
    for (let i = 0; i < 3; i++) {
      const res = await post(p, key, body);
      expect(res.status).toBe(502);
      expect(res.body.error.details).toEqual({ status: 'requires_action' });
    }
    expect(await intentsFor(p.id)).toHaveLength(1);
  });

  it('provider down -> 502 payment_provider_error', async () => {
    const p = await newPartner({ paymentMethod: 'pm_sim_provider_down' });
    const res = await post(p, randomUUID());
    expect(res.status).toBe(502);
    expect(res.body.error.code).toBe('payment_provider_error');
  });
});

describe('Idempotency-Key', () => {
  it('keys are per partner: two partners may use the same key', async () => {
    const [p1, p2] = [await newPartner(), await newPartner()];
    const key = randomUUID();
    expect((await post(p1, key)).status).toBe(201);
    expect((await post(p2, key)).status).toBe(201);
  });

  it('many simultaneous requests with one key: exactly one order and one charge', async () => {
    const p = await newPartner();
    const key = randomUUID();
    const body = orderBody(items);
    const results = await Promise.all(Array.from({ length: 25 }, () => post(p, key, body)));
    const created = results.filter((r) => r.status === 201);
    expect(created.length).toBeGreaterThanOrEqual(1);
    expect(new Set(created.map((r) => r.body.id)).size).toBe(1);
    for (const r of results.filter((r) => r.status !== 201)) {
      expect(r.status).toBe(409);
      expect(['idempotency_in_progress', 'payment_in_flight']).toContain(r.body.error.code);
      // The lease is 30 seconds on the service clock: the client is told when to come back.
      expect(Number(r.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    }
    const list = await api(p, 'GET', '/orders');
    expect(list.body.data).toHaveLength(1);
    expect(await intentsFor(p.id)).toHaveLength(1);
  });
});
