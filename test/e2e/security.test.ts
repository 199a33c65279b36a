import { beforeAll, describe, expect, it } from 'vitest';
import { api, newPartner, placeOrder, type TestPartner } from '../support/partner.js';
import { startReceiver } from '../support/receiver.js';
import { admin } from '../support/partner.js';
import { orderKeys } from '../../shared/adapters/dynamodb/keys/orders-table.js';

let a: TestPartner;
let b: TestPartner;
let bOrder: { id: string; externalId: string };
let bDelivery: string;

beforeAll(async () => {
  const receiver = await startReceiver();
  a = await newPartner();
  b = await newPartner({ webhookUrl: receiver.url });
  await admin('POST', `/partners/${b.id}/webhook-secret`);
  bOrder = (await placeOrder(b, ['cbc'], { externalId: 'b-secret-external' })).body;
  await api(b, 'POST', `/sandbox/orders/${bOrder.id}/advance`);
  await api(b, 'POST', `/sandbox/orders/${bOrder.id}/advance`);
  bDelivery = (await api(b, 'GET', `/webhooks/deliveries?orderId=${bOrder.id}`)).body.data[0].id;
  await receiver.close();
});

describe('tenant isolation: partner A can do nothing with partner B’s orders', () => {
  it.each([
    ['read', 'GET', () => `/orders/${bOrder.id}`],
    ['cancel', 'DELETE', () => `/orders/${bOrder.id}`],
    ['fetch the requisition', 'GET', () => `/orders/${bOrder.id}/requisition`],
    ['fetch the results', 'GET', () => `/orders/${bOrder.id}/results`],
    ['advance it in the sandbox', 'POST', () => `/sandbox/orders/${bOrder.id}/advance`],
    ['replay its webhook', 'POST', () => `/webhooks/deliveries/${encodeURIComponent(bDelivery)}/replay`],
  ])('%s: 404, the same answer as for an id that does not exist', async (_what, method, path) => {
    const foreign = await api(a, method, path());
    expect(foreign.status).toBe(404);
    expect(foreign.body.error.code).toBe('not_found');
    expect(JSON.stringify(foreign.body)).not.toContain(bOrder.id.slice(6));
  });

  it('listing, filtering by B’s externalId and B’s delivery log show A nothing', async () => {
    expect((await api(a, 'GET', '/orders?limit=100')).body.data.map((o: { id: string }) => o.id)).not.toContain(
      bOrder.id,
    );
    expect((await api(a, 'GET', `/orders?externalId=${bOrder.externalId}`)).body.data).toEqual([]);
    expect((await api(a, 'GET', `/webhooks/deliveries?orderId=${bOrder.id}`)).body.data).toEqual([]);
  });

  it('a crafted cursor cannot reach another partner’s partition', async () => {
    const position = Buffer.from(
      JSON.stringify({ p: b.id, k: JSON.stringify(orderKeys.order(b.id, bOrder.id)) }),
    ).toString('base64url');
    for (const cursor of [`${position}.forged`, position, `${position}.${'A'.repeat(43)}`]) {
      const res = await api(a, 'GET', `/orders?cursor=${encodeURIComponent(cursor)}`);
      expect(res.status).toBe(400);
      expect(res.body.error.details.fields.cursor).toBeDefined();
    }
  });

  it('B still sees its own order: the isolation is by partner, not a broken lookup', async () => {
    expect((await api(b, 'GET', `/orders/${bOrder.id}`)).status).toBe(200);
    expect((await api(b, 'GET', `/orders/${bOrder.id}/results`)).status).toBe(200);
  });
});
