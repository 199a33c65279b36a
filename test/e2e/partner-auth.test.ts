import { beforeAll, describe, expect, it } from 'vitest';
import { admin, api, newPartner, type TestPartner } from '../support/partner.js';
import { getJson } from '../support/http.js';
import { MAX_LIVE_KEYS } from '../../shared/domain/partner.js';

let partner: TestPartner;
beforeAll(async () => {
  partner = await newPartner();
});

describe('partner authentication', () => {
  it.each([
    ['no header', undefined],
    ['not bearer', 'Basic abc'],
    ['malformed key', 'Bearer sk_test_short'],
    ['unknown key', `Bearer sk_test_${'A'.repeat(32)}`],
  ])('%s -> 401 invalid_api_key', async (_name, authorization) => {
    const res = await getJson('/api/v1/catalog', authorization ? { headers: { Authorization: authorization } } : {});
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('invalid_api_key');
  });

  it('a live key on the sandbox -> 401 wrong_environment', async () => {
    const res = await api(`sk_live_${'B'.repeat(32)}`, 'GET', '/catalog');
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('wrong_environment');
  });

  it('a revoked key stops working at once', async () => {
    const p = await newPartner();
    expect((await api(p, 'GET', '/catalog')).status).toBe(200);
    const revoked = await admin('DELETE', `/partners/${p.id}/keys/${p.keyId}`);
    expect(revoked.status).toBe(200);
    expect(revoked.body.revokedAt).toBeTruthy();
    const res = await api(p, 'GET', '/catalog');
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('invalid_api_key');
    // The operator sees every key of the partner by id, revoked ones marked, never the key itself.
    const spare = await admin('POST', `/partners/${p.id}/keys`, { environment: 'test' });
    const shown = await admin('GET', `/partners/${p.id}`);
    expect(shown.body.keys).toEqual([
      {
        id: p.keyId,
        environment: 'test',
        last4: p.key.slice(-4),
        createdAt: expect.any(String),
        revokedAt: revoked.body.revokedAt,
      },
      {
        id: spare.body.id,
        environment: 'test',
        last4: (spare.body.key as string).slice(-4),
        createdAt: expect.any(String),
        revokedAt: null,
      },
    ]);
    expect(JSON.stringify(shown.body)).not.toContain(p.key);
  });

  it('a suspended partner -> 403 partner_suspended, and works again when reactivated', async () => {
    const p = await newPartner();
    expect((await admin('PATCH', `/partners/${p.id}`, { status: 'suspended' })).status).toBe(200);
    const res = await api(p, 'GET', '/orders');
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('partner_suspended');
    await admin('PATCH', `/partners/${p.id}`, { status: 'active' });
    expect((await api(p, 'GET', '/orders')).status).toBe(200);
  });

  it('the operator API refuses partner keys, and the partner API refuses the operator token', async () => {
    const asPartner = await getJson('/admin/v1/partners', {
      method: 'POST',
      headers: { Authorization: `Bearer ${partner.key}`, 'Content-Type': 'application/json' },
      body: '{"name":"x"}',
    });
    expect(asPartner.status).toBe(401);
    const { inject } = await import('vitest');
    const asOperator = await api(`${inject('adminToken')}`, 'GET', '/orders');
    expect(asOperator.status).toBe(401);
    expect(asOperator.body.error.code).toBe('invalid_api_key');
  });

  it('issues keys shown once, with their environment prefix', async () => {
    const res = await admin('POST', `/partners/${partner.id}/keys`, { environment: 'test' });
    expect(res.status).toBe(201);
    expect(res.body.key).toMatch(/^sk_test_[A-Za-z0-9]{32}$/);
    const got = await admin('GET', `/partners/${partner.id}`);
    expect(JSON.stringify(got.body)).not.toContain(res.body.key);
  });

  it(`a partner holds at most ${MAX_LIVE_KEYS} live keys: the next is 409 too_many_keys until one is revoked, and a suspension reaches them all`, async () => {
    const p = await newPartner(); // its first key
    for (let n = 1; n < MAX_LIVE_KEYS; n++)
      expect((await admin('POST', `/partners/${p.id}/keys`, { environment: 'test' })).status).toBe(201);
    const refused = await admin('POST', `/partners/${p.id}/keys`, { environment: 'test' });
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('too_many_keys');
    expect((await admin('DELETE', `/partners/${p.id}/keys/${p.keyId}`)).status).toBe(200);
    const last = await admin('POST', `/partners/${p.id}/keys`, { environment: 'test' });
    expect(last.status).toBe(201);
    expect((await admin('PATCH', `/partners/${p.id}`, { status: 'suspended' })).status).toBe(200);
    const res = await api(last.body.key as string, 'GET', '/orders');
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('partner_suspended');
  }, 60_000);

  it('validates operator input', async () => {
    const res = await admin('POST', '/partners', {
      name: '',
      fees: { labCollectionCents: -1, physicianOrderCents: 1.5 },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('validation_error');
    expect(Object.keys(res.body.error.details.fields)).toEqual(
      expect.arrayContaining(['name', 'fees.labCollectionCents', 'fees.physicianOrderCents']),
    );
    expect((await admin('GET', '/partners/ptr_nope')).status).toBe(404);
  });
});
