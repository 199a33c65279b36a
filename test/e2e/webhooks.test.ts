import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admin, adultPatient, api, newPartner, placeOrder, type TestPartner } from '../support/partner.js';
import { startReceiver } from '../support/receiver.js';
import { verifySignature } from '../../shared/domain/webhooks/signature.js';
import { webhookPayload, webhookTestEvent } from '../../shared/http/openapi/responses.js';

type Receiver = Awaited<ReturnType<typeof startReceiver>>;
let receiver: Receiver;
let partner: TestPartner;
let secret: string;

beforeAll(async () => {
  receiver = await startReceiver();
  partner = await newPartner({ webhookUrl: receiver.url });
  secret = (await admin('POST', `/partners/${partner.id}/webhook-secret`)).body.secret;
});
afterAll(async () => receiver?.close());

const eventsFor = (orderId: string, type?: string) =>
  receiver.received.filter(
    (r) => JSON.parse(r.rawBody).data?.orderId === orderId && (!type || r.headers['x-service-event'] === type),
  );
const log = async (orderId: string) => (await api(partner, 'GET', `/webhooks/deliveries?orderId=${orderId}`)).body.data;
const advanceClock = (minutes: number) => admin('POST', '/clock/advance', { seconds: minutes * 60 });

describe('signed webhooks', () => {
  it('delivers order.requisition_ready, order.results_ready and order.cancelled, signed, ids only', async () => {
    receiver.mode.value = 'ok';
    const order = (await placeOrder(partner, ['cbc'])).body;
    await api(partner, 'POST', `/sandbox/orders/${order.id}/advance`);
    await api(partner, 'POST', `/sandbox/orders/${order.id}/advance`);
    const cancelled = (await placeOrder(partner, ['tsh'])).body;
    await api(partner, 'DELETE', `/orders/${cancelled.id}`);
    const got = [...eventsFor(order.id), ...eventsFor(cancelled.id)];
    expect(got.map((r) => r.headers['x-service-event'])).toEqual([
      'order.requisition_ready',
      'order.results_ready',
      'order.cancelled',
    ]);
    for (const r of got) {
      const payload = JSON.parse(r.rawBody);
      expect(r.headers['content-type']).toBe('application/json');
      expect(r.headers['user-agent']).toBe('Service-Webhooks/1');
      expect(r.headers['x-service-delivery']).toBe(payload.id);
      expect(payload.id).toBe(
        // Results come from the lab stand-in through the lab's own interface, as a lab's would.
        `${payload.data.orderId}__${payload.type}__${{ 'order.cancelled': 'partner_cancel', 'order.results_ready': 'lab_results' }[payload.type as string] ?? 'sandbox'}`,
      );
      expect(Object.keys(payload).sort()).toEqual(['createdAt', 'data', 'id', 'type']);
      expect(Object.keys(payload.data).sort()).toEqual(['externalId', 'orderId', 'status']);
      expect(
        verifySignature({
          rawBody: r.rawBody,
          header: r.headers['x-service-signature'] as string,
          secret,
          nowSeconds: Math.floor(Date.now() / 1000),
        }),
      ).toMatchObject({ ok: true });
      // Ids only: nothing of the patient, nothing of the tests.
      for (const phi of [adultPatient.firstName, adultPatient.lastName, adultPatient.email, 'Complete Blood Count'])
        expect(r.rawBody).not.toContain(phi);
    }
    expect(
      (await log(order.id)).map((d: { status: string; attemptCount: number }) => [d.status, d.attemptCount]),
    ).toEqual([
      ['succeeded', 1],
      ['succeeded', 1],
    ]);
  });

  it('a failing receiver gets exactly the retry schedule, then the delivery fails after the 8th attempt', async () => {
    receiver.mode.value = 'fail';
    const order = (await placeOrder(partner, ['tsh'])).body;
    await api(partner, 'POST', `/sandbox/orders/${order.id}/advance`);
    const counts: number[] = [eventsFor(order.id).length];
    for (const gap of [1, 5, 30, 120, 360, 720, 1440]) {
      await advanceClock(gap - 0.5); // not yet due
      expect(eventsFor(order.id).length).toBe(counts.at(-1));
      await advanceClock(0.5);
      counts.push(eventsFor(order.id).length);
    }
    expect(counts).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    const [delivery] = await log(order.id);
    expect(delivery).toMatchObject({ status: 'failed', attemptCount: 8, nextAttemptAt: null });
    expect(delivery.attempts.every((a: { httpStatus: number }) => a.httpStatus === 500)).toBe(true);
    await advanceClock(1440 * 2);
    expect(eventsFor(order.id, 'order.requisition_ready').length).toBe(8);
    // Every attempt carries the same delivery id: duplicates are recognisable.
    expect(
      new Set(eventsFor(order.id, 'order.requisition_ready').map((r) => r.headers['x-service-delivery'])).size,
    ).toBe(1);
  });

  it('a receiver down for most of two days gets the event when it is back within the window', async () => {
    receiver.mode.value = 'fail';
    const order = (await placeOrder(partner, ['tsh'])).body;
    await api(partner, 'POST', `/sandbox/orders/${order.id}/advance`);
    for (const gap of [1, 5, 30, 120, 360, 720]) await advanceClock(gap);
    expect(eventsFor(order.id)).toHaveLength(7);
    receiver.mode.value = 'ok';
    await advanceClock(1440);
    const [delivery] = await log(order.id);
    expect(delivery).toMatchObject({ status: 'succeeded', attemptCount: 8 });
  });

  it('a redirect is never followed and counts as a failure', async () => {
    receiver.mode.value = 'redirect';
    const order = (await placeOrder(partner, ['tsh'])).body;
    await api(partner, 'POST', `/sandbox/orders/${order.id}/advance`);
    const [delivery] = await log(order.id);
    expect(delivery.status).toBe('pending');
    expect(delivery.attempts[0]).toMatchObject({ httpStatus: 302, error: 'redirect not followed' });
    receiver.mode.value = 'ok';
  });

  it('a receiver that hangs is cut at 10 seconds', async () => {
    receiver.mode.value = 'hang';
    const res = await api(partner, 'POST', '/webhooks/test');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ delivered: false, httpStatus: null, error: 'timed out after 10 s' });
    expect(res.body.durationMs).toBeGreaterThanOrEqual(9_900);
    expect(res.body.durationMs).toBeLessThan(12_000);
    receiver.mode.value = 'ok';
  }, 20_000);

  it('replay sends the same delivery again, and the test event is signed', async () => {
    receiver.mode.value = 'ok';
    const order = (await placeOrder(partner, ['tsh'])).body;
    await api(partner, 'POST', `/sandbox/orders/${order.id}/advance`);
    const [delivery] = await log(order.id);
    const replayed = await api(partner, 'POST', `/webhooks/deliveries/${encodeURIComponent(delivery.id)}/replay`);
    expect(replayed.status).toBe(200);
    expect(replayed.body.attempts.map((a: { kind: string }) => a.kind)).toEqual(['scheduled', 'replay']);
    const copies = eventsFor(order.id);
    expect(copies).toHaveLength(2);
    expect(copies[0]?.rawBody).toBe(copies[1]?.rawBody);
    const test = await api(partner, 'POST', '/webhooks/test');
    expect(test.body).toMatchObject({ delivered: true, httpStatus: 200 });
    const last = receiver.received.at(-1);
    expect(last?.headers['x-service-event']).toBe('webhook.test');
    // Both bodies are exactly what the partner document's webhooks publish.
    expect(webhookTestEvent.safeParse(JSON.parse(last?.rawBody ?? '')).error).toBeUndefined();
    for (const r of eventsFor(order.id)) expect(webhookPayload.safeParse(JSON.parse(r.rawBody)).error).toBeUndefined();
    expect(eventsFor(order.id).length).toBeGreaterThan(0);
    expect(
      verifySignature({
        rawBody: last?.rawBody ?? '',
        header: last?.headers['x-service-signature'] as string,
        secret,
        nowSeconds: Math.floor(Date.now() / 1000),
      }).ok,
    ).toBe(true);
  });

  it('a partner cannot see or replay another partner’s deliveries', async () => {
    const order = (await placeOrder(partner, ['tsh'])).body;
    await api(partner, 'POST', `/sandbox/orders/${order.id}/advance`);
    const [delivery] = await log(order.id);
    const other = await newPartner();
    expect((await api(other, 'GET', `/webhooks/deliveries?orderId=${order.id}`)).body.data).toEqual([]);
    expect((await api(other, 'POST', `/webhooks/deliveries/${encodeURIComponent(delivery.id)}/replay`)).status).toBe(
      404,
    );
  });

  it('rotation breaks no receiver: both secrets verify during the overlap', async () => {
    const p = await newPartner({ webhookUrl: receiver.url });
    const first = (await admin('POST', `/partners/${p.id}/webhook-secret`)).body.secret;
    const second = (await admin('POST', `/partners/${p.id}/webhook-secret`)).body.secret;
    await api(p, 'POST', '/webhooks/test');
    const r = receiver.received.at(-1);
    const header = r?.headers['x-service-signature'] as string;
    expect(header.match(/v1=/g)).toHaveLength(2);
    for (const s of [first, second])
      expect(
        verifySignature({ rawBody: r?.rawBody ?? '', header, secret: s, nowSeconds: Math.floor(Date.now() / 1000) }).ok,
      ).toBe(true);
  });

  it.each([
    'http://169.254.169.254/latest/meta-data',
    'http://[::ffff:169.254.169.254]/latest/meta-data',
    'http://[::ffff:a9fe:a9fe]/',
    'http://[2002:a9fe:a9fe::1]/',
    'http://10.0.0.7/hooks',
    'https://user:pass@example.com/',
    'ftp://example.com/',
  ])('refuses the webhook URL %s', async (url) => {
    const res = await admin('PATCH', `/partners/${partner.id}`, { webhookUrl: url });
    expect(res.status).toBe(400);
    expect(res.body.error.details.fields).toHaveProperty('webhookUrl');
  });
});
