import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  adultPatient,
  api,
  newPartner,
  orderBody,
  placeOrder,
  simulatorIntents,
  type TestPartner,
} from '../support/partner.js';
import { catalogPicks } from '../support/catalog-picks.js';

let partner: TestPartner;
let picks: Awaited<ReturnType<typeof catalogPicks>>;
beforeAll(async () => {
  partner = await newPartner({ fees: { labCollectionCents: 1000, physicianOrderCents: 800 } });
  picks = await catalogPicks();
});

describe('POST /api/v1/orders', () => {
  it('creates a processing order charged to the partner: items + the partner fees, duplicates removed', async () => {
    const body = orderBody([picks.a.id, picks.b.id, picks.a.id], { metadata: { crm: 'c-42' } });
    const res = await api(partner, 'POST', '/orders', { body, idempotencyKey: randomUUID() });
    expect(res.status).toBe(201);
    const o = res.body;
    expect(o.id).toMatch(/^order_/);
    expect(o.status).toBe('processing');
    expect(o.externalId).toBe(body.externalId);
    expect(o.items.map((i: { id: string }) => i.id)).toEqual([picks.a.id, picks.b.id]);
    expect(o.subtotalCents).toBe(picks.a.priceCents + picks.b.priceCents);
    expect(o.totalCents).toBe(o.subtotalCents + 1800);
    expect(o.fees).toMatchObject({ labCollectionCents: 1000, physicianOrderCents: 800 });
    expect(o.payment).toMatchObject({ status: 'succeeded', amountCents: o.totalCents });
    expect(o.metadata).toEqual({ crm: 'c-42' });
    expect(o.patient.phone).toBe('4155550134');
    expect(Date.parse(o.cancellableUntil) - Date.parse(o.createdAt)).toBe(60 * 60_000);
    expect(o.requisition.status).toBe('pending');
    expect(o.results.status).toBe('pending');
    const intent = (await simulatorIntents()).find((i) => i.id === o.payment.paymentIntentId);
    expect(intent).toMatchObject({ status: 'succeeded', amount: o.totalCents });
  });

  it.each([
    ['missing', undefined],
    ['empty', ''],
    ['bad characters', 'key with spaces'],
    ['too long', 'k'.repeat(101)],
  ])('idempotency key %s -> 400 idempotency_key_required', async (_n, key) => {
    const res = await api(partner, 'POST', '/orders', {
      body: orderBody([picks.a.id]),
      ...(key !== undefined ? { idempotencyKey: key } : {}),
    });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('idempotency_key_required');
  });

  it('validation errors name every bad field', async () => {
    const res = await api(partner, 'POST', '/orders', {
      idempotencyKey: randomUUID(),
      body: {
        externalId: '',
        patient: { ...adultPatient, phone: '123', sex: 'x', address: { ...adultPatient.address, zip: 'abc' } },
        items: [],
        metadata: { ['k'.repeat(41)]: 'v' },
      },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('validation_error');
    expect(Object.keys(res.body.error.details.fields)).toEqual(
      expect.arrayContaining(['externalId', 'patient.phone', 'patient.sex', 'patient.address.zip', 'items']),
    );
  });

  it('an empty metadata key is a validation error, refused before any charge', async () => {
    const p = await newPartner();
    const res = await api(p, 'POST', '/orders', {
      idempotencyKey: randomUUID(),
      body: orderBody([picks.a.id], { metadata: { '': 'x' } }),
    });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('validation_error');
    expect(JSON.stringify(res.body.error.details.fields)).toContain('1 to 40 characters');
    expect((await simulatorIntents()).filter((i) => i.metadata.partnerId === p.id)).toHaveLength(0);
  });

  it('malformed JSON and more than 25 items are validation errors', async () => {
    expect(
      (await api(partner, 'POST', '/orders', { idempotencyKey: randomUUID(), body: '{not json' })).body.error.code,
    ).toBe('validation_error');
    const many = Array.from({ length: 26 }, () => picks.a.id);
    const res = await api(partner, 'POST', '/orders', { idempotencyKey: randomUUID(), body: orderBody(many) });
    expect(res.body.error.details.fields.items).toBeDefined();
  });

  it('a minor needs a guardian (details.fields.guardian), and adult-only items give minor_not_eligible', async () => {
    const year = new Date().getUTCFullYear() - 10;
    const child = { ...adultPatient, dateOfBirth: `${year}-01-01` };
    const noGuardian = await api(partner, 'POST', '/orders', {
      idempotencyKey: randomUUID(),
      body: orderBody([picks.a.id], { patient: child }),
    });
    expect(noGuardian.status).toBe(400);
    expect(noGuardian.body.error.details.fields.guardian).toBeDefined();
    const guardian = { firstName: 'Ana', lastName: 'Quintero', email: 'ana@example.org', relationship: 'parent' };
    const adultOnly = await api(partner, 'POST', '/orders', {
      idempotencyKey: randomUUID(),
      body: orderBody([picks.a.id, picks.adultOnly.id], { patient: child, guardian }),
    });
    expect(adultOnly.status).toBe(400);
    expect(adultOnly.body.error).toMatchObject({ code: 'minor_not_eligible', details: { ids: [picks.adultOnly.id] } });
    const ok = await api(partner, 'POST', '/orders', {
      idempotencyKey: randomUUID(),
      body: orderBody([picks.a.id], { patient: child, guardian }),
    });
    expect(ok.status).toBe(201);
    expect(ok.body.guardian).toMatchObject({ relationship: 'parent' });
  });

  it('unknown items and unknown locations', async () => {
    const unknown = await api(partner, 'POST', '/orders', {
      idempotencyKey: randomUUID(),
      body: orderBody([picks.a.id, 'zz-not-real']),
    });
    expect(unknown.body.error).toMatchObject({ code: 'unknown_item', details: { ids: ['zz-not-real'] } });
    const loc = await api(partner, 'POST', '/orders', {
      idempotencyKey: randomUUID(),
      body: orderBody([picks.a.id], { preferredLocationId: 'loc_nope' }),
    });
    expect(loc.body.error).toMatchObject({ code: 'unknown_location', details: { id: 'loc_nope' } });
  });

  it('a preferred draw site from the locations search is echoed back', async () => {
    const site = (await api(partner, 'GET', '/locations?zip=78701&limit=1')).body.data[0];
    const res = await api(partner, 'POST', '/orders', {
      idempotencyKey: randomUUID(),
      body: orderBody([picks.a.id], { preferredLocationId: site.id }),
    });
    expect(res.status).toBe(201);
    expect(res.body.preferredLocation).toMatchObject({ id: site.id, name: site.name });
  });
});

describe('reading orders', () => {
  it('GET /orders/{id}; another partner gets 404 exactly like an unknown id', async () => {
    const created = (await placeOrder(partner, [picks.a.id])).body;
    const got = await api(partner, 'GET', `/orders/${created.id}`);
    expect(got.status).toBe(200);
    expect(got.body).toEqual(created);
    const other = await newPartner();
    const foreign = await api(other, 'GET', `/orders/${created.id}`);
    const unknown = await api(other, 'GET', '/orders/order_01xxxxxxxxxxxxxxxxxxxxxxxx');
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual(unknown.body);
  });

  it('lists newest first, pages with an opaque cursor until null, filters by externalId and status', async () => {
    const p = await newPartner();
    const made: string[] = [];
    for (let i = 0; i < 5; i++)
      made.push((await placeOrder(p, [picks.a.id], { externalId: i === 2 ? 'find-me' : `e-${i}` })).body.id);
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res: { status: number; body: { data: Array<{ id: string }>; nextCursor: string | null } } = await api(
        p,
        'GET',
        `/orders?limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      );
      expect(res.status).toBe(200);
      seen.push(...res.body.data.map((o: { id: string }) => o.id));
      cursor = res.body.nextCursor;
      pages++;
    } while (cursor && pages < 10);
    expect(seen).toEqual([...made].reverse());
    const byExt = await api(p, 'GET', '/orders?externalId=find-me');
    expect(byExt.body.data.map((o: { id: string }) => o.id)).toEqual([made[2]]);
    const cancelled = await api(p, 'GET', '/orders?status=cancelled&limit=100');
    expect(cancelled.body.data).toEqual([]);
    expect(cancelled.body.nextCursor).toBeNull();
  });

  it('refuses a cursor from another partner, a tampered cursor, and bad query parameters', async () => {
    const p = await newPartner();
    await placeOrder(p, [picks.a.id]);
    await placeOrder(p, [picks.a.id]);
    const page = await api(p, 'GET', '/orders?limit=1');
    const cursor = page.body.nextCursor as string;
    const foreign = await api(partner, 'GET', `/orders?cursor=${encodeURIComponent(cursor)}`);
    expect(foreign.status).toBe(400);
    expect(foreign.body.error.details.fields.cursor).toBeDefined();
    const tampered = await api(p, 'GET', `/orders?cursor=${encodeURIComponent(`x${cursor}`)}`);
    expect(tampered.status).toBe(400);
    // A cursor belongs to the filter it was issued for: under another externalId it is refused, not a 500.
    const otherFilter = await api(p, 'GET', `/orders?externalId=some-ref&cursor=${encodeURIComponent(cursor)}`);
    expect(otherFilter.status).toBe(400);
    expect(otherFilter.body.error.details.fields.cursor).toBeDefined();
    expect((await api(p, 'GET', `/orders?cursor=${encodeURIComponent(cursor)}`)).status).toBe(200);
    for (const qs of ['limit=0', 'limit=101', 'status=done', 'bogus=1']) {
      const res = await api(p, 'GET', `/orders?${qs}`);
      expect(res.status, qs).toBe(400);
      expect(res.body.error.code).toBe('validation_error');
    }
  });
});

describe('DELETE /api/v1/orders/{id}', () => {
  it('refund pending when the refund cannot be made inline', async () => {
    const p = await newPartner({ paymentMethod: 'pm_sim_refund_fails' });
    const created = (await placeOrder(p, [picks.a.id])).body;
    const res = await api(p, 'DELETE', `/orders/${created.id}`);
    expect(res.status).toBe(200);
    expect(res.body.refund).toBe('pending');
    expect(res.body.payment.status).toBe('refund_pending');
  });

  it('404 for an unknown or foreign order', async () => {
    const created = (await placeOrder(partner, [picks.a.id])).body;
    const other = await newPartner();
    expect((await api(other, 'DELETE', `/orders/${created.id}`)).status).toBe(404);
  });
});
