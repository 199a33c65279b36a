import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { admin, api, newPartner, orderBody, simulatorIntents, type TestPartner } from '../support/partner.js';

// CI-sized by default; `npm run test:reliability` runs it at full size (RELIABILITY_SCALE=200).
const N = Number(process.env.RELIABILITY_SCALE ?? 40);

const intentsOf = async (p: TestPartner) => (await simulatorIntents()).filter((i) => i.metadata?.partnerId === p.id);
type Listed = { id: string; payment: { paymentIntentId: string } };
/** Every order of the partner, page by page (the full-size run makes more than one page). */
async function ordersOf(p: TestPartner): Promise<Listed[]> {
  const all: Listed[] = [];
  let cursor: string | null = null;
  do {
    const res: { body: { data: Listed[]; nextCursor: string | null } } = await api(
      p,
      'GET',
      `/orders?limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
    );
    all.push(...res.body.data);
    cursor = res.body.nextCursor;
  } while (cursor);
  return all;
}

describe(`idempotency under load (${N} concurrent requests)`, () => {
  it(`${N} concurrent POSTs with one key and body: exactly one order and one charge`, async () => {
    const p = await newPartner();
    const key = randomUUID();
    const body = orderBody(['tsh']);
    const results = await Promise.all(
      Array.from({ length: N }, () => api(p, 'POST', '/orders', { body, idempotencyKey: key })),
    );
    expect(results.every((r) => r.status === 201 || r.status === 409)).toBe(true);
    expect(new Set(results.filter((r) => r.status === 201).map((r) => r.body.id)).size).toBe(1);
    expect(await ordersOf(p)).toHaveLength(1);
    expect(await intentsOf(p)).toHaveLength(1);
  }, 120_000);

  it(`${N} different keys: ${N} orders and ${N} charges, each charge belonging to its order`, async () => {
    const p = await newPartner();
    const results = await Promise.all(
      Array.from({ length: N }, () =>
        api(p, 'POST', '/orders', { body: orderBody(['tsh']), idempotencyKey: randomUUID() }),
      ),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(N);
    const orders = await ordersOf(p);
    const intents = await intentsOf(p);
    expect(orders).toHaveLength(N);
    expect(intents).toHaveLength(N);
    expect(new Set(orders.map((o) => o.payment.paymentIntentId))).toEqual(new Set(intents.map((i) => i.id)));
  }, 120_000);

  it('mixed retries of every 402/409/500/502 path never charge twice', async () => {
    const methods = [
      'pm_card_chargeDeclined',
      'pm_sim_processing_then_succeeded',
      'pm_sim_requires_action',
      'pm_sim_provider_down',
      'pm_card_visa',
    ];
    for (const pm of methods) {
      const p = await newPartner({ paymentMethod: pm });
      const key = randomUUID();
      const body = orderBody(['tsh']);
      for (let i = 0; i < 4; i++)
        await Promise.all([
          api(p, 'POST', '/orders', { body, idempotencyKey: key }),
          api(p, 'POST', '/orders', { body, idempotencyKey: key }),
        ]);
      const succeeded = (await intentsOf(p)).filter((x) => x.status === 'succeeded');
      expect(succeeded.length, pm).toBeLessThanOrEqual(1);
      expect((await ordersOf(p)).length, pm).toBe(succeeded.length);
    }
  }, 120_000);
});

describe('faults at each phase of order creation', () => {
  it.each([
    ['the key store fails before the charge', { keyWrites: 1 }],
    ['the order store fails after the charge', { orderWrites: 1 }],
    ['the key store fails while completing', { keyWrites: 3 }],
  ])('%s: after the documented retries the order exists once, with one charge', async (_name, faults) => {
    const p = await newPartner();
    const key = randomUUID();
    const body = orderBody(['tsh']);
    await admin('POST', '/faults', faults);
    let last = await api(p, 'POST', '/orders', { body, idempotencyKey: key });
    for (let i = 0; i < 6 && last.status !== 201; i++) {
      expect([409, 500]).toContain(last.status);
      await admin('POST', '/clock/advance', { seconds: 301 });
      last = await api(p, 'POST', '/orders', { body, idempotencyKey: key });
    }
    expect(last.status).toBe(201);
    await admin('POST', '/faults', { keyWrites: 0, orderWrites: 0 });
    expect(await ordersOf(p)).toHaveLength(1);
    const charges = (await intentsOf(p)).filter((i) => i.status === 'succeeded');
    expect(charges).toHaveLength(1);
    expect(charges[0]?.id).toBe(last.body.payment.paymentIntentId);
  });
});
