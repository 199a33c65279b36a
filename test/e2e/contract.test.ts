import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ZodType } from 'zod';
import * as R from '../../shared/http/openapi/responses.js';
import { getJson } from '../support/http.js';
import { admin, api, newPartner, orderBody, type TestPartner } from '../support/partner.js';

// Real responses validated against the schemas the OpenAPI documents are generated from.
function conforms(schema: ZodType, body: unknown, what: string) {
  const r = schema.safeParse(body);
  expect(r.success, `${what}: ${r.success ? '' : JSON.stringify(r.error.issues.slice(0, 3))}`).toBe(true);
}

let partner: TestPartner;
beforeAll(async () => {
  partner = await newPartner();
});

describe('responses conform to the published schemas', () => {
  it('public API', async () => {
    conforms(R.quote, (await getJson('/api/public/v1/quote?items=cbc,lipid-panel&state=ca')).body, 'quote');
    conforms(R.availability, (await getJson('/api/public/v1/availability?state=NY&item=cbc')).body, 'availability');
    conforms(R.publicCatalog, (await getJson('/api/tests')).body, 'tests');
    conforms(R.compactCatalog, (await getJson('/api/catalog?locale=es')).body, 'catalog');
    conforms(R.publicError, (await getJson('/api/public/v1/quote')).body, 'public error');
  });

  it('partner API through a whole order', async () => {
    conforms(R.partnerCatalog, (await api(partner, 'GET', '/catalog')).body, 'catalog');
    conforms(R.locations, (await api(partner, 'GET', '/locations?zip=60601&limit=3')).body, 'locations');
    const created = await api(partner, 'POST', '/orders', {
      body: orderBody(['cbc', 'heart-health-panel']),
      idempotencyKey: randomUUID(),
    });
    conforms(R.order, created.body, 'created order');
    conforms(R.orderList, (await api(partner, 'GET', '/orders?limit=5')).body, 'order list');
    await api(partner, 'POST', `/sandbox/orders/${created.body.id}/advance`);
    conforms(
      R.signedDocument,
      (await api(partner, 'GET', `/orders/${created.body.id}/requisition`)).body,
      'requisition',
    );
    conforms(
      R.order,
      (await api(partner, 'POST', `/sandbox/orders/${created.body.id}/advance`)).body,
      'advanced order',
    );
    conforms(R.results, (await api(partner, 'GET', `/orders/${created.body.id}/results`)).body, 'results');
    conforms(R.deliveries, (await api(partner, 'GET', '/webhooks/deliveries')).body, 'deliveries');
    const another = await api(partner, 'POST', '/orders', { body: orderBody(['tsh']), idempotencyKey: randomUUID() });
    conforms(R.order, (await api(partner, 'DELETE', `/orders/${another.body.id}`)).body, 'cancelled order');
    conforms(R.partnerError, (await api(partner, 'GET', '/orders/order_nope')).body, 'partner error');
  });

  it('serves both OpenAPI documents without authentication', async () => {
    const pub = await getJson('/api/public/v1/openapi.json');
    const par = await getJson('/api/v1/openapi.json');
    expect([pub.status, par.status]).toEqual([200, 200]);
    expect(pub.body.info.version).toBe('1.0.0');
    expect(par.body.webhooks).toHaveProperty('order.cancelled');
  });

  it('serves the operator document to the operator only, listing the operator routes', async () => {
    const doc = await admin('GET', '/openapi.json');
    expect(doc.status).toBe(200);
    expect(doc.body.info.title).toBe('Lab Tests Operator API');
    expect(Object.keys(doc.body.paths)).toEqual(expect.arrayContaining(['/admin/v1/partners', '/admin/v1/lab/oru']));
    expect((await getJson('/admin/v1/openapi.json')).status).toBe(401);
  });

  it('the reference page has a section for every error code the public docs links point to', async () => {
    const html = await (await fetch(`${(await import('../support/http.js')).baseUrl()}/docs`)).text();
    const err = await getJson('/api/public/v1/quote?items=zz-nope');
    const anchor = new URL(err.body.error.docs).hash.slice(1);
    expect(html).toContain(`id="${anchor}"`);
    expect(html).toContain('POST /api/v1/orders');
  });
});
