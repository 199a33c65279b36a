import { rmSync } from 'node:fs';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundledModule, bytesOf } from '../support/bundled-module.js';
import { startStripeSimulator, type StripeSimulator } from '../../infra/local/stripe-simulator/index.js';
import type * as Adapter from '../../shared/adapters/stripe-payments.js';
import type { ChargeRequest } from '../../shared/ports/payments.js';

// The Lambdas bundle Stripe's client with only the resources our adapter calls
// (infra/aws/bundle/stripe-resources.ts): the bundled adapter does all of its work.
let dir = '';
let sim: StripeSimulator;
let bundled: typeof Adapter;
let stripeBytes = 0;
beforeAll(async () => {
  sim = await startStripeSimulator();
  const built = await bundledModule<typeof Adapter>('shared/adapters/stripe-payments.ts');
  ({ module: bundled, dir } = built);
  stripeBytes = bytesOf(built.metafile, 'node_modules/stripe/');
}, 60_000);
afterAll(() => {
  sim?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe("Stripe's client as a Lambda bundles it", () => {
  it('carries a fraction of the client (every resource it has was about 250 KB)', () => {
    expect(stripeBytes).toBeGreaterThan(10_000);
    expect(stripeBytes).toBeLessThan(100_000);
  });

  it('charges, declines, finds, retrieves, cancels and refunds through the simulator', async () => {
    const payments = bundled.createStripePayments({
      secretKey: 'sk_test_sim',
      host: sim.host,
      port: sim.port,
      protocol: 'http',
      maxNetworkRetries: 0,
      timeoutMs: 5_000,
    });
    const request = (key: string, paymentMethod: string, orderId: string): ChargeRequest => ({
      partnerId: 'ptr_1',
      paymentMethod,
      customerId: null,
      amountCents: 4200,
      currency: 'usd',
      idempotencyKey: key,
      description: 'Lab order',
      metadata: { orderId, partnerId: 'ptr_1' },
    });
    const paid = await payments.charge(request('bundled-a', 'pm_card_visa', 'order_bundled_a'));
    if (paid.kind !== 'succeeded') throw new Error(`charge: ${paid.kind}`);
    expect(paid.amountCents).toBe(4200);
    expect(await payments.retrieve(paid.intentId)).toEqual(paid);
    expect(await payments.find('order_bundled_a')).toEqual(paid);
    expect(await payments.find('order_bundled_none')).toBeNull();
    // A succeeded intent cannot be canceled: Stripe refuses, and the adapter reads what it is now.
    expect(await payments.cancel(paid.intentId, 'cancel-a')).toEqual(paid);
    const declined = await payments.charge(request('bundled-b', 'pm_card_chargeDeclined', 'order_bundled_b'));
    expect(declined.kind).toBe('declined');
    const refund = await payments.refund(paid.intentId, 'refund-a');
    expect(refund.kind).toBe('issued');
    // A second try under a key of its own finds the first refund (the list call), none made twice.
    expect(await payments.refund(paid.intentId, 'refund-a:1')).toEqual(refund);
    expect(sim.refunds().filter((r) => r.payment_intent === paid.intentId)).toHaveLength(1);
  });

  it('verifies and decodes a signed event, and refuses a forged one', () => {
    const secret = 'whsec_bundled';
    const payload = JSON.stringify({
      id: 'evt_1',
      object: 'event',
      type: 'payment_intent.succeeded',
      data: {
        object: {
          id: 'pi_1',
          object: 'payment_intent',
          status: 'succeeded',
          amount: 4200,
          metadata: { orderId: 'o1' },
        },
      },
    });
    const now = Date.now();
    const header = Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp: Math.floor(now / 1000) });
    expect(bundled.verifyStripeEvent(payload, header, secret, now)).toEqual({
      kind: 'intent',
      eventId: 'evt_1',
      outcome: { kind: 'succeeded', intentId: 'pi_1', amountCents: 4200 },
      metadata: { orderId: 'o1' },
    });
    expect(bundled.verifyStripeEvent(payload, header, 'whsec_other', now)).toBeNull();
  });
});
