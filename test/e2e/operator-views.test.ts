import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JsonResponse } from '../support/http.js';
import { admin, api, newPartner, placeOrder } from '../support/partner.js';
import { startReceiver } from '../support/receiver.js';

// The operator's views across partners: every partner, every failed delivery, paged.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function everyPage(path: string, limit: number): Promise<any[]> {
  const out = [];
  let cursor: string | null = null;
  for (let pages = 0; pages < 500; pages++) {
    const sep = path.includes('?') ? '&' : '?';
    const res: JsonResponse = await admin(
      'GET',
      `${path}${sep}limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
    );
    expect(res.status).toBe(200);
    expect(res.body.data.length).toBeLessThanOrEqual(limit);
    out.push(...res.body.data);
    cursor = res.body.nextCursor;
    if (!cursor) return out;
  }
  throw new Error('the list never ended');
}

let receiver: Awaited<ReturnType<typeof startReceiver>>;
beforeAll(async () => {
  receiver = await startReceiver();
  receiver.mode.value = 'fail';
});
afterAll(async () => receiver.close());

describe('operator views', () => {
  it('lists every partner newest first, paged, with a status filter', async () => {
    const created = [await newPartner(), await newPartner(), await newPartner()];
    expect((await admin('PATCH', `/partners/${created[1]?.id}`, { status: 'suspended' })).status).toBe(200);
    const all = await everyPage('/partners', 2);
    const ids = all.map((p: { id: string }) => p.id);
    expect(new Set(ids).size).toBe(ids.length);
    const ours = ids.filter((id) => created.some((c) => c.id === id));
    expect(ours).toEqual(created.map((c) => c.id).reverse());
    expect(all.map((p: { createdAt: string }) => p.createdAt)).toEqual(
      [...all.map((p: { createdAt: string }) => p.createdAt)].sort().reverse(),
    );
    expect(all[0]).not.toHaveProperty('keys');
    const suspended = (await everyPage('/partners?status=suspended', 100)).map((p: { id: string }) => p.id);
    expect(suspended).toContain(created[1]?.id);
    expect(suspended).not.toContain(created[0]?.id);
    for (const q of ['status=gone', 'limit=0', 'limit=101', 'cursor=abc.def'])
      expect((await admin('GET', `/partners?${q}`)).body.error.code, q).toBe('validation_error');
    // A cursor of another filter is refused.
    const page = await admin('GET', '/partners?limit=1');
    expect((await admin('GET', `/partners?status=active&cursor=${page.body.nextCursor}`)).status).toBe(400);
  });

  it('lists the failed deliveries of every partner, paged, without an order or partner', async () => {
    const partners = [await newPartner({ webhookUrl: receiver.url }), await newPartner({ webhookUrl: receiver.url })];
    const orders = [];
    for (const p of partners) {
      const order = (await placeOrder(p, ['tsh'])).body;
      expect((await api(p, 'POST', `/sandbox/orders/${order.id}/advance`)).status).toBe(200);
      orders.push(order.id);
    }
    // Seven retries, each due within a day of the one before: then every delivery has failed.
    for (let i = 0; i < 8; i++) await admin('POST', '/clock/advance', { seconds: 86_400 });
    const failed = await everyPage('/deliveries?status=failed', 2);
    const ids = failed.map((d: { id: string }) => d.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const [i, orderId] of orders.entries()) {
      const mine = failed.filter((d: { orderId: string }) => d.orderId === orderId);
      expect(mine.length).toBeGreaterThan(0);
      for (const d of mine) expect(d).toMatchObject({ status: 'failed', partnerId: partners[i]?.id });
    }
    expect(failed.every((d: { status: string }) => d.status === 'failed')).toBe(true);
    expect(failed.map((d: { createdAt: string }) => d.createdAt)).toEqual(
      [...failed.map((d: { createdAt: string }) => d.createdAt)].sort().reverse(),
    );
    // Without a partner or an order, only the failed list exists.
    expect((await admin('GET', '/deliveries')).body.error.code).toBe('validation_error');
    expect((await admin('GET', '/deliveries?status=pending')).body.error.code).toBe('validation_error');
  });
});
