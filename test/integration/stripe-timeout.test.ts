import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStripeSimulator, type StripeSimulator } from '../../infra/local/stripe-simulator/index.js';
import { createStripePayments } from '../../shared/adapters/stripe-payments.js';

let sim: StripeSimulator;
beforeAll(async () => {
  sim = await startStripeSimulator();
});
afterAll(() => sim.close());

const faults = (body: unknown) => fetch(`${sim.url}/_sim/faults`, { method: 'POST', body: JSON.stringify(body) });
const payments = (timeoutMs: number) =>
  createStripePayments({
    secretKey: 'sk_test_sim',
    host: sim.host,
    port: sim.port,
    protocol: 'http',
    timeoutMs,
    maxNetworkRetries: 0,
  });
const charge = (key: string, timeoutMs = 300) =>
  payments(timeoutMs).charge({
    partnerId: 'ptr_1',
    paymentMethod: 'pm_card_visa',
    customerId: null,
    amountCents: 4200,
    currency: 'usd',
    idempotencyKey: key,
    description: 'Lab order',
    metadata: { orderId: 'order_1', partnerId: 'ptr_1' },
  });

describe('the Stripe adapter against a provider that does not answer', () => {
  it('a timeout is a provider error, though the charge happened; the same idempotency key then returns that charge', async () => {
    expect((await faults({ hangNext: 1, hangMs: 5_000 })).status).toBe(200);
    const lost = await charge('attempt-a');
    expect(lost).toEqual({ kind: 'provider_error', message: 'StripeConnectionError' });
    expect(sim.intents().map((i) => i.status)).toEqual(['succeeded']);

    const found = await charge('attempt-a');
    expect(found).toEqual({ kind: 'succeeded', intentId: sim.intents()[0]?.id, amountCents: 4200 });
    expect(sim.intents()).toHaveLength(1);
  });

  it('an answer slower than usual but within the timeout is an answer', async () => {
    await faults({ hangNext: 1, hangMs: 100 });
    expect((await charge('attempt-b', 2_000)).kind).toBe('succeeded');
  });

  it('refuses fault settings that are not counts', async () => {
    for (const bad of [{ hangNext: -1 }, { failNext: 1.5 }, { hangMs: 'soon' }]) {
      const res = await faults(bad);
      expect(res.status).toBe(400);
      expect(((await res.json()) as { error: string }).error).toMatch(/non-negative integer/);
    }
    expect((await (await fetch(`${sim.url}/_sim/faults`, { method: 'POST', body: '{' })).json()) as unknown).toEqual({
      error: 'the body must be JSON',
    });
  });
});

describe('refund tries under keys of their own', () => {
  it('a try that finds the charge already refunded (an earlier try went through unrecorded) returns that refund; none is made twice', async () => {
    const p = payments(2_000);
    const paid = await charge('attempt-refund', 2_000);
    if (paid.kind !== 'succeeded') throw new Error(`charge failed: ${paid.kind}`);
    const first = await p.refund(paid.intentId, 'refund:order_r');
    expect(first.kind).toBe('issued');
    const later = await p.refund(paid.intentId, 'refund:order_r:1');
    expect(later).toEqual(first);
    expect(sim.refunds().filter((r) => r.payment_intent === paid.intentId)).toHaveLength(1);
  });
});
