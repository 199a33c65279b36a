import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Stripe from 'stripe';
import { startService, type RunningService } from '../support/local-service.js';
import { adultPatient } from '../support/partner.js';

// Stripe's signed events at POST /stripe/webhook: verified with the stripe package on the service
// clock; valid ones (duplicates, unknown types, out of order) answer 200 and change only what is
// still open; forged or stale ones answer 400. Its own runtime, with an endpoint secret it knows.
const token = 'stripe-events-admin-token-0123456789';
const secret = `whsec_${randomUUID().replace(/-/g, '')}`;
let service: RunningService;
beforeAll(async () => {
  service = await startService({ ADMIN_TOKEN: token, STRIPE_WEBHOOK_SECRET: secret });
});
afterAll(async () => service?.stop());

// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function call(method: string, path: string, auth: string | null, body?: unknown, headers = {}): Promise<any> {
  const res = await fetch(`${service.url}${path}`, {
    method,
    headers: { ...(auth ? { Authorization: `Bearer ${auth}` } : {}), 'Content-Type': 'application/json', ...headers },
    ...(body !== undefined ? { body: typeof body === 'string' ? body : JSON.stringify(body) } : {}),
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : null };
}
const sim = () => /Stripe simulator: (http:\/\/\S+)/.exec(service.output())?.[1] as string;
const serviceNow = async () =>
  Date.parse((await call('POST', '/admin/v1/clock/advance', token, { seconds: 0 })).body.now);

async function partnerWith(paymentMethod: string) {
  const p = (await call('POST', '/admin/v1/partners', token, { name: 'Events', paymentMethod })).body;
  const key = (await call('POST', `/admin/v1/partners/${p.id}/keys`, token, { environment: 'test' })).body.key;
  return { id: p.id as string, key: key as string };
}
const body = { patient: adultPatient, items: [{ id: 'tsh' }] };
const order = (key: string, idem: string) => call('POST', '/api/v1/orders', key, body, { 'Idempotency-Key': idem });
const intentsOf = async (partnerId: string) =>
  ((await (await fetch(`${sim()}/_sim/intents`)).json()) as Array<Record<string, unknown>>).filter(
    (i) => (i.metadata as Record<string, string>).partnerId === partnerId,
  );

/** A Stripe event for `object`, signed as Stripe signs it, at `t` (service-clock seconds). */
function signed(type: string, object: unknown, t: number, key = secret) {
  const payload = JSON.stringify({ id: `evt_${randomUUID()}`, object: 'event', type, created: t, data: { object } });
  const header = Stripe.webhooks.generateTestHeaderString({ payload, secret: key, timestamp: t });
  return { payload, header };
}
const deliver = (e: { payload: string; header: string }) =>
  call('POST', '/stripe/webhook', null, e.payload, { 'Stripe-Signature': e.header });

describe('POST /stripe/webhook', () => {
  it('refuses a forged, unsigned or stale event with 400 invalid_signature', async () => {
    const t = Math.floor((await serviceNow()) / 1000);
    const object = { id: 'pi_x', object: 'payment_intent', status: 'succeeded', amount: 100, metadata: {} };
    const forged = await deliver(signed('payment_intent.succeeded', object, t, 'whsec_not_ours'));
    expect(forged.status).toBe(400);
    expect(forged.body.error.code).toBe('invalid_signature');
    const unsigned = await call('POST', '/stripe/webhook', null, signed('x', object, t).payload);
    expect(unsigned.status).toBe(400);
    const stale = await deliver(signed('payment_intent.succeeded', object, t - 600));
    expect(stale.status).toBe(400);
    // A valid delivery replayed later than Stripe's five-minute tolerance (on the service clock) is stale too.
    const fresh = signed('customer.created', { id: 'cus_1', object: 'customer' }, t);
    expect((await deliver(fresh)).status).toBe(200);
    await call('POST', '/admin/v1/clock/advance', token, { seconds: 600 });
    expect((await deliver(fresh)).status).toBe(400);
  });

  it('a pending intent that succeeds moves its key at once: the retry makes the order with no second charge; duplicates and a late failure change nothing', async () => {
    const p = await partnerWith('pm_sim_requires_action');
    const idem = randomUUID();
    expect((await order(p.key, idem)).status).toBe(502);
    const [intent] = await intentsOf(p.id);
    const t = Math.floor((await serviceNow()) / 1000);
    const succeeded = signed('payment_intent.succeeded', { ...intent, status: 'succeeded' }, t);
    expect((await deliver(succeeded)).body).toMatchObject({ received: true, outcome: 'applied' });
    expect((await deliver(succeeded)).body).toMatchObject({ received: true, outcome: 'ignored' });
    const retry = await order(p.key, idem);
    expect(retry.status).toBe(201);
    expect(retry.body.payment.paymentIntentId).toBe(intent?.id);
    // Out of order: an older failure arriving after the success moves nothing.
    const failed = {
      ...intent,
      status: 'requires_payment_method',
      last_payment_error: { code: 'card_declined', decline_code: 'generic_decline' },
    };
    const late = await deliver(signed('payment_intent.payment_failed', failed, t));
    expect(late.body).toMatchObject({ received: true, outcome: 'ignored' });
    expect((await order(p.key, idem)).body.id).toBe(retry.body.id);
    expect(await intentsOf(p.id)).toHaveLength(1);
  });

  it('a refund made by staff in Stripe on an uncancelled order is recorded as refunded, the order not cancelled', async () => {
    const p = await partnerWith('pm_card_visa');
    const created = (await order(p.key, randomUUID())).body;
    // Staff refund the charge in Stripe itself: the simulator delivers the signed charge.refunded.
    const refund = await fetch(`${sim()}/v1/refunds`, {
      method: 'POST',
      headers: { Authorization: 'Bearer sk_test_staff', 'Content-Type': 'application/x-www-form-urlencoded' },
      body: `payment_intent=${created.payment.paymentIntentId}`,
    });
    expect(refund.status).toBe(200);
    let seen = created;
    for (let i = 0; i < 50 && seen.payment.status !== 'refunded'; i++) {
      await new Promise((r) => setTimeout(r, 100));
      seen = (await call('GET', `/api/v1/orders/${created.id}`, p.key)).body;
    }
    expect(seen.payment.status).toBe('refunded');
    expect(seen.status).toBe(created.status);
    expect(seen.cancelledAt).toBeUndefined();
  });

  it('a cancellation refunds once; its own charge.refunded event changes nothing more', async () => {
    const p = await partnerWith('pm_card_visa');
    const created = (await order(p.key, randomUUID())).body;
    const cancelled = await call('DELETE', `/api/v1/orders/${created.id}`, p.key);
    expect(cancelled.status).toBe(200);
    await new Promise((r) => setTimeout(r, 500));
    const seen = (await call('GET', `/api/v1/orders/${created.id}`, p.key)).body;
    expect(seen.status).toBe('cancelled');
    expect(seen.payment.status).toBe('refunded');
    const refunds = (await (await fetch(`${sim()}/_sim/refunds`)).json()) as Array<{ payment_intent: string }>;
    expect(refunds.filter((r) => r.payment_intent === created.payment.paymentIntentId)).toHaveLength(1);
  });
});
