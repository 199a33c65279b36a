import { beforeAll, describe, expect, it } from 'vitest';
import { getJson } from '../support/http.js';

interface CatalogEntry {
  id: string;
  type: 'test' | 'panel';
  name: string;
  priceCents: number;
  url: string;
  unavailableStates?: string[];
  testIds?: string[];
}
let tests: CatalogEntry[] = [];
let panels: CatalogEntry[] = [];

beforeAll(async () => {
  const res = await getJson('/api/tests');
  expect(res.status).toBe(200);
  tests = res.body.tests;
  panels = res.body.panels;
});

// eslint-disable-next-line @typescript-eslint/no-explicit-any
const errorShape = (body: any, code: string) => {
  expect(body.error.code).toBe(code);
  expect(typeof body.error.message).toBe('string');
  expect(body.error.docs).toMatch(/^http:\/\/.+\/docs#error-/);
};

describe('GET /api/tests', () => {
  it('lists at least 80 tests and 12 panels with their public fields', async () => {
    expect(tests.length).toBeGreaterThanOrEqual(80);
    expect(panels.length).toBeGreaterThanOrEqual(12);
    for (const t of tests) {
      expect(t).toMatchObject({ type: 'test', id: expect.stringMatching(/^[a-z0-9-]+$/) });
      expect(t).toHaveProperty('biomarkers');
      expect(t).toHaveProperty('fastingRequired');
      expect(t).toHaveProperty('minorEligible');
      expect(t.url).toMatch(/^http:\/\/.+\/tests\//);
    }
    for (const p of panels) expect(p.testIds?.length).toBeGreaterThan(1);
  });
});

describe('GET /api/public/v1/quote', () => {
  it('prices two items plus one flat fee, with eligibility for the state', async () => {
    const [a, b] = tests as [CatalogEntry, CatalogEntry];
    const res = await getJson(`/api/public/v1/quote?items=${a.id},${b.id}&state=ca`);
    expect(res.status).toBe(200);
    const q = res.body;
    expect(q.currency).toBe('USD');
    expect(q.items.map((i: CatalogEntry) => i.id)).toEqual([a.id, b.id]);
    expect(q.items[0]).toEqual({
      id: a.id,
      type: 'test',
      name: a.name,
      url: a.url,
      unitPriceCents: a.priceCents,
      quantity: 1,
    });
    expect(q.subtotalCents).toBe(a.priceCents + b.priceCents);
    expect(q.orderFee).toMatchObject({ amountCents: 1800, chargedPer: 'order' });
    expect(typeof q.orderFee.label).toBe('string');
    expect(typeof q.orderFee.description).toBe('string');
    expect(q.totalCents).toBe(a.priceCents + b.priceCents + 1800);
    expect(q.eligibility.state).toBe('CA');
    expect(q.restrictedStates).toEqual(['NY', 'NJ', 'RI', 'HI']);
    expect(q.checkoutUrl).toMatch(new RegExp(`/cart/handoff\\?items=${a.id},${b.id}$`));
    expect(q.catalogUrl).toMatch(/^http:\/\/.+\/tests$/);
    expect(Number.isNaN(Date.parse(q.updatedAt))).toBe(false);
  });

  it('charges the fee once, ignores duplicates, and prices a panel at its bundle price', async () => {
    const p = panels[0] as CatalogEntry;
    const res = await getJson(`/api/public/v1/quote?items=${p.id},${p.id},${p.id}`);
    expect(res.status).toBe(200);
    expect(res.body.items).toHaveLength(1);
    expect(res.body.items[0]).toMatchObject({ type: 'panel', unitPriceCents: p.priceCents });
    expect(res.body.totalCents).toBe(p.priceCents + 1800);
    expect(res.body.eligibility).toBeNull();
  });

  it('reports a restricted state for every item', async () => {
    const [a, b] = tests as [CatalogEntry, CatalogEntry];
    const res = await getJson(`/api/public/v1/quote?items=${a.id},${b.id}&state=nj`);
    expect(res.body.eligibility).toMatchObject({ state: 'NJ', available: false, reason: 'state_restricted' });
    expect(res.body.eligibility.unavailableItems).toEqual([
      { id: a.id, reason: 'state_restricted' },
      { id: b.id, reason: 'state_restricted' },
    ]);
  });

  it('reports a test not offered in an unrestricted state', async () => {
    const limited = tests.find((t) => (t.unavailableStates ?? []).length > 0) as CatalogEntry;
    const state = (limited.unavailableStates as string[])[0] as string;
    const other = tests.find(
      (t) => t.id !== limited.id && !(t.unavailableStates ?? []).includes(state),
    ) as CatalogEntry;
    const res = await getJson(`/api/public/v1/quote?items=${other.id},${limited.id}&state=${state.toLowerCase()}`);
    expect(res.body.eligibility).toMatchObject({ state, available: false, reason: 'test_not_offered_in_state' });
    expect(typeof res.body.eligibility.message).toBe('string');
    expect(res.body.eligibility.unavailableItems).toEqual([{ id: limited.id, reason: 'test_not_offered_in_state' }]);
  });

  it.each([
    ['', 'missing_items'],
    ['?items=', 'missing_items'],
    [`?items=${Array.from({ length: 51 }, (_, i) => `x${i}`).join(',')}`, 'too_many_items'],
    ['?items=cbc,not_a*slug', 'invalid_item_id'],
    ['?items=no-such-test-zz', 'unknown_items'],
    ['?items=ID_PLACEHOLDER&state=zz', 'invalid_state'],
    ['?items=ID_PLACEHOLDER&state=PR', 'invalid_state'],
  ])('400 %s -> %s, deterministic', async (qs, code) => {
    const path = `/api/public/v1/quote${qs.replace('ID_PLACEHOLDER', (tests[0] as CatalogEntry).id)}`;
    const first = await getJson(path);
    const second = await getJson(path);
    expect(first.status).toBe(400);
    errorShape(first.body, code);
    expect(second.body).toEqual(first.body);
    expect(first.headers.get('cache-control')).toBe('no-store');
    expect(first.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('lists the offending ids on unknown_items and invalid_item_id', async () => {
    const res = await getJson(`/api/public/v1/quote?items=${(tests[0] as CatalogEntry).id},zz-nope-1,zz-nope-2`);
    expect(res.body.error.ids).toEqual(['zz-nope-1', 'zz-nope-2']);
    const bad = await getJson('/api/public/v1/quote?items=ok-id,bad!id');
    expect(bad.body.error.code).toBe('invalid_item_id');
    expect(bad.body.error.ids).toEqual(['bad!id']);
  });
});

describe('GET /api/public/v1/availability', () => {
  it('answers for a state alone', async () => {
    const res = await getJson('/api/public/v1/availability?state=tx');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      state: 'TX',
      available: true,
      reason: null,
      message: null,
      item: null,
      restrictedStates: ['NY', 'NJ', 'RI', 'HI'],
    });
    expect(res.body.catalogUrl).toMatch(/\/tests$/);
    expect(Number.isNaN(Date.parse(res.body.updatedAt))).toBe(false);
  });

  it('answers for a restricted state and for an item not offered', async () => {
    const ri = await getJson('/api/public/v1/availability?state=RI');
    expect(ri.body).toMatchObject({ state: 'RI', available: false, reason: 'state_restricted' });
    const limited = tests.find((t) => (t.unavailableStates ?? []).length > 0) as CatalogEntry;
    const state = (limited.unavailableStates as string[])[0] as string;
    const res = await getJson(`/api/public/v1/availability?state=${state}&item=${limited.id}`);
    expect(res.body.item).toMatchObject({ id: limited.id, available: false, reason: 'test_not_offered_in_state' });
    expect(res.body.available).toBe(false);
  });

  it.each([
    ['', 'missing_state'],
    ['?state=', 'missing_state'],
    ['?state=XX', 'invalid_state'],
    ['?state=toolong', 'invalid_state'],
    ['?state=CA&item=BAD%20ID', 'invalid_item_id'],
    ['?state=CA&item=zz-no-such', 'unknown_items'],
  ])('400 %s -> %s', async (qs, code) => {
    const res = await getJson(`/api/public/v1/availability${qs}`);
    expect(res.status).toBe(400);
    errorShape(res.body, code);
  });
});

describe('CORS and caching', () => {
  it('answers preflight with open CORS', async () => {
    const res = await fetch(`${(await import('../support/http.js')).baseUrl()}/api/public/v1/quote`, {
      method: 'OPTIONS',
      headers: { Origin: 'https://example.org', 'Access-Control-Request-Method': 'GET' },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('access-control-allow-methods')).toContain('GET');
  });

  it('caches successful public answers briefly', async () => {
    const res = await getJson('/api/public/v1/availability?state=CA', { headers: { Origin: 'https://example.org' } });
    expect(res.headers.get('cache-control')).toMatch(/^public, max-age=\d+$/);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
  });
});
