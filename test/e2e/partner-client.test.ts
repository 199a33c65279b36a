import { beforeAll, describe, expect, it } from 'vitest';
import { PartnerClient, PartnerApiError } from '../../shared/client/partner-client.js';
import { admin, newPartner, orderBody, simulatorIntents, type TestPartner } from '../support/partner.js';
import { baseUrl } from '../support/http.js';
import { signPayload } from '../../shared/domain/webhooks/signature.js';

const clientFor = (p: TestPartner, extra: Partial<ConstructorParameters<typeof PartnerClient>[0]> = {}) =>
  new PartnerClient({ baseUrl: baseUrl(), apiKey: p.key, backoffMs: () => 10, ...extra });

let partner: TestPartner;
beforeAll(async () => {
  partner = await newPartner();
});

describe('the typed partner client', () => {
  it('places, reads, lists and cancels orders', async () => {
    const client = clientFor(partner);
    const order = await client.createOrder(orderBody(['tsh']));
    expect(order.status).toBe('processing');
    expect((await client.getOrder(order.id)).id).toBe(order.id);
    expect((await client.cancelOrder(order.id)).refund).toBe('issued');
    expect((await client.getCatalog()).tests.length).toBeGreaterThan(80);
    expect((await client.findLocations({ zip: '10001', limit: 2 })).data).toHaveLength(2);
  });

  it('retries a pending payment with the same key until it resolves: one order, one charge', async () => {
    const p = await newPartner({ paymentMethod: 'pm_sim_processing_then_succeeded' });
    const order = await clientFor(p).createOrder(orderBody(['tsh']));
    expect(order.status).toBe('processing');
    expect((await simulatorIntents()).filter((i) => i.metadata?.partnerId === p.id)).toHaveLength(1);
  });

  it('after a 500 it waits out the lock with the same key and gets the order created once', async () => {
    const p = await newPartner();
    await admin('POST', '/faults', { orderWrites: 1 });
    // The client's waits move the service clock, so the 5-minute lock passes in test time.
    const client = clientFor(p, { sleep: async () => void (await admin('POST', '/clock/advance', { seconds: 120 })) });
    const order = await client.createOrder(orderBody(['tsh']));
    expect(order.id).toMatch(/^order_/);
    const all = [];
    for await (const o of clientFor(p).allOrders()) all.push(o);
    expect(all).toHaveLength(1);
    expect((await simulatorIntents()).filter((i) => i.metadata?.partnerId === p.id)).toHaveLength(1);
  });

  it('does not retry a definitive answer: a decline throws with its code and details', async () => {
    const p = await newPartner({ paymentMethod: 'pm_card_chargeDeclined' });
    const err = await clientFor(p)
      .createOrder(orderBody(['tsh']))
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PartnerApiError);
    expect(err).toMatchObject({
      status: 402,
      code: 'payment_failed',
      details: { declineCode: 'generic_decline' },
      retryable: false,
    });
  });

  it('gives up after its attempts with the key to resume with', async () => {
    const p = await newPartner({ paymentMethod: 'pm_sim_requires_action' });
    const err = (await clientFor(p, { maxAttempts: 2 })
      .createOrder(orderBody(['tsh']))
      .catch((e: unknown) => e)) as PartnerApiError;
    expect(err).toMatchObject({ status: 502, code: 'payment_pending', retryable: true });
    expect(err.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('pages through every order until nextCursor is null', async () => {
    const p = await newPartner();
    const client = clientFor(p);
    const made = [];
    for (let i = 0; i < 5; i++) made.push((await client.createOrder(orderBody(['tsh']))).id);
    const seen = [];
    for await (const o of client.allOrders({ limit: 2 })) seen.push(o.id);
    expect(seen).toEqual(made.reverse());
  });

  it('verifies webhooks', () => {
    const body = '{"id":"x"}';
    const now = Math.floor(Date.now() / 1000);
    expect(PartnerClient.verifyWebhook(body, signPayload(body, 'whsec_a', now), 'whsec_a')).toBe(true);
    expect(PartnerClient.verifyWebhook(body, signPayload(body, 'whsec_a', now), 'whsec_b')).toBe(false);
  });
});
