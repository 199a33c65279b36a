import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { admin, api, newPartner, orderBody, type TestPartner } from '../support/partner.js';
import { catalogPicks } from '../support/catalog-picks.js';

let partner: TestPartner;
let picks: Awaited<ReturnType<typeof catalogPicks>>;
beforeAll(async () => {
  partner = await newPartner();
  picks = await catalogPicks();
});

describe('answers carrying patient data are never cached', () => {
  it('order create, get, list and cancel answer Cache-Control: no-store; so do their errors', async () => {
    const created = await api(partner, 'POST', '/orders', {
      body: orderBody([picks.a.id]),
      idempotencyKey: randomUUID(),
    });
    expect(created.status).toBe(201);
    expect(created.body.patient).toBeDefined();
    const id = created.body.id as string;
    for (const res of [
      created,
      await api(partner, 'GET', `/orders/${id}`),
      await api(partner, 'GET', '/orders?limit=5'),
      await api(partner, 'DELETE', `/orders/${id}`),
      await api(partner, 'GET', '/orders/order_01HZZZZZZZZZZZZZZZZZZZZZZZ'),
    ]) {
      expect(res.headers.get('cache-control'), String(res.status)).toBe('no-store');
    }
  });

  it('the partner catalogue keeps its own five-minute caching', async () => {
    const res = await api(partner, 'GET', '/catalog');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toMatch(/max-age=300/);
  });
});

describe('webhook secret rotation after a leak', () => {
  it('{"overlapHours": 0} retires every previous secret at once; the default keeps 24 hours', async () => {
    const p = await newPartner();
    await admin('POST', `/partners/${p.id}/webhook-secret`);
    const overlapping = await admin('POST', `/partners/${p.id}/webhook-secret`);
    expect(overlapping.status).toBe(201);
    expect(overlapping.body.previousSecretsValidUntil).toHaveLength(1);
    const leaked = await admin('POST', `/partners/${p.id}/webhook-secret`, { overlapHours: 0 });
    expect(leaked.status).toBe(201);
    expect(leaked.body.previousSecretsValidUntil).toEqual([]);
    const bad = await admin('POST', `/partners/${p.id}/webhook-secret`, { overlapHours: -1 });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details.fields).toHaveProperty('overlapHours');
  });
});
