import { beforeAll, describe, expect, it } from 'vitest';
import {
  LabTestsApiError,
  LabTestsClient,
  constructWebhookEvent,
  verifyWebhookSignature,
  WebhookVerificationError,
  type LabTestsClientOptions,
} from '../../packages/sdk/src/index.js';
import { admin, newPartner, orderBody, simulatorIntents, type TestPartner } from '../support/partner.js';
import { baseUrl } from '../support/http.js';
import { signPayload } from '../../shared/domain/webhooks/signature.js';

// The partner SDK (packages/sdk) from its source against the running service; the packed tarball
// is proven in sdk-package.test.ts.
const clientFor = (p: TestPartner, extra: Partial<LabTestsClientOptions> = {}) =>
  new LabTestsClient({ baseUrl: baseUrl(), apiKey: p.key, retry: { backoffMs: () => 10 }, ...extra });

let partner: TestPartner;
beforeAll(async () => {
  partner = await newPartner();
});

describe('the partner SDK', () => {
  it('places, reads, lists and cancels orders', async () => {
    const client = clientFor(partner);
    const order = await client.orders.create(orderBody(['tsh']));
    expect(order.status).toBe('processing');
    expect((await client.orders.get(order.id)).id).toBe(order.id);
    expect((await client.orders.cancel(order.id)).refund).toBe('issued');
    expect((await client.catalog.get()).tests.length).toBeGreaterThan(80);
    expect((await client.locations.find({ zip: '10001', limit: 2 })).data).toHaveLength(2);
  });

  it('retries a pending payment with the same key until it resolves: one order, one charge', async () => {
    const p = await newPartner({ paymentMethod: 'pm_sim_processing_then_succeeded' });
    const order = await clientFor(p).orders.create(orderBody(['tsh']));
    expect(order.status).toBe('processing');
    expect((await simulatorIntents()).filter((i) => i.metadata?.partnerId === p.id)).toHaveLength(1);
  });

  it('after a 500 it waits out the lock with the same key and gets the order created once', async () => {
    const p = await newPartner();
    await admin('POST', '/faults', { orderWrites: 1 });
    // The client's waits move the service clock, so the 5-minute lock passes in test time. The 500
    // says Retry-After 300 (the lock's end), beyond the SDK's default 60 s cap: this client accepts it.
    const client = clientFor(p, {
      sleep: async () => void (await admin('POST', '/clock/advance', { seconds: 120 })),
      retry: { maxDelayMs: 600_000 },
    });
    const order = await client.orders.create(orderBody(['tsh']));
    expect(order.id).toMatch(/^order_/);
    const all = [];
    for await (const o of clientFor(p).orders.listAll()) all.push(o);
    expect(all).toHaveLength(1);
    expect((await simulatorIntents()).filter((i) => i.metadata?.partnerId === p.id)).toHaveLength(1);
  });

  it('retries a network failure with the same key: one order, one charge', async () => {
    const p = await newPartner();
    const keys: string[] = [];
    let calls = 0;
    // The first answer is lost on the way back: the order exists, the client does not know it.
    const lossy: typeof fetch = async (input, init) => {
      keys.push(new Headers(init?.headers).get('Idempotency-Key') ?? '');
      const res = await fetch(input, init);
      if (calls++ === 0) throw new TypeError('fetch failed');
      return res;
    };
    const order = await clientFor(p, { fetch: lossy }).orders.create(orderBody(['tsh']));
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBe(keys[1]);
    expect((await clientFor(p).orders.get(order.id)).id).toBe(order.id);
    expect((await simulatorIntents()).filter((i) => i.metadata?.partnerId === p.id)).toHaveLength(1);
  });

  it('honours Retry-After before retrying with the same key', async () => {
    const waits: number[] = [];
    let calls = 0;
    const throttled: typeof fetch = async (input, init) => {
      if (calls++ === 0)
        return new Response('{"error":{"code":"rate_limited","message":"slow down"}}', {
          status: 429,
          headers: { 'Retry-After': '7' },
        });
      return fetch(input, init);
    };
    const client = clientFor(partner, { fetch: throttled, sleep: async (ms) => void waits.push(ms) });
    expect((await client.orders.create(orderBody(['tsh']))).status).toBe('processing');
    expect(waits).toEqual([7000]);
  });

  it('does not retry a definitive answer: a decline throws with its code and details', async () => {
    const p = await newPartner({ paymentMethod: 'pm_card_chargeDeclined' });
    const err = await clientFor(p)
      .orders.create(orderBody(['tsh']))
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(LabTestsApiError);
    expect(err).toMatchObject({
      status: 402,
      code: 'payment_failed',
      details: { declineCode: 'generic_decline' },
      retryable: false,
    });
  });

  it('gives up after its attempts with the key to resume with, and resuming with it converges', async () => {
    const p = await newPartner({ paymentMethod: 'pm_sim_processing_then_succeeded' });
    const client = clientFor(p, { retry: { maxAttempts: 1 } });
    const body = orderBody(['tsh']);
    const err = (await client.orders.create(body).catch((e: unknown) => e)) as LabTestsApiError;
    expect(err).toMatchObject({ status: 502, code: 'payment_pending', retryable: true });
    expect(err.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    const order = await client.orders.create(body, { idempotencyKey: err.idempotencyKey! });
    expect(order.status).toBe('processing');
    expect((await simulatorIntents()).filter((i) => i.metadata?.partnerId === p.id)).toHaveLength(1);
  });

  it('pages through every order until nextCursor is null', async () => {
    const p = await newPartner();
    const client = clientFor(p);
    const made = [];
    for (let i = 0; i < 5; i++) made.push((await client.orders.create(orderBody(['tsh']))).id);
    const seen = [];
    for await (const o of client.orders.listAll({ limit: 2 })) seen.push(o.id);
    expect(seen).toEqual(made.reverse());
  });

  it('drives the sandbox: advance to results, simulate a scenario', async () => {
    const client = clientFor(partner);
    const order = await client.orders.create(orderBody(['tsh']));
    expect((await client.sandbox.advanceTo(order.id, 'results_ready')).status).toBe('results_ready');
    expect((await client.orders.results(order.id)).analytes.length).toBeGreaterThan(0);
    const other = await client.orders.create(orderBody(['tsh']));
    await client.sandbox.simulate(other.id, 'placement_in_progress');
    const err = await client.orders.cancel(other.id).catch((e: unknown) => e);
    expect(err).toMatchObject({ status: 409, code: 'cannot_cancel', details: { reason: 'placing' } });
  });

  it('verifies webhooks against the raw body, with either secret during a rotation', async () => {
    const body = '{"id":"x","type":"order.cancelled"}';
    const now = Math.floor(Date.now() / 1000);
    const signature = signPayload(body, ['whsec_new', 'whsec_old'], now);
    expect(await verifyWebhookSignature({ rawBody: body, signature, secret: 'whsec_old' })).toEqual({
      ok: true,
      timestamp: now,
    });
    expect(await verifyWebhookSignature({ rawBody: Buffer.from(body), signature, secret: 'whsec_b' })).toEqual({
      ok: false,
      reason: 'signature_mismatch',
    });
    expect(await verifyWebhookSignature({ rawBody: `${body} `, signature, secret: 'whsec_new' })).toMatchObject({
      ok: false,
    });
    const stale = signPayload(body, 'whsec_new', now - 301);
    expect(await verifyWebhookSignature({ rawBody: body, signature: stale, secret: 'whsec_new' })).toEqual({
      ok: false,
      reason: 'timestamp_out_of_tolerance',
    });
    expect((await constructWebhookEvent({ rawBody: body, signature, secret: 'whsec_new' })).type).toBe(
      'order.cancelled',
    );
    await expect(constructWebhookEvent({ rawBody: body, signature: 't=1', secret: 'whsec_new' })).rejects.toThrow(
      WebhookVerificationError,
    );
  });
});
