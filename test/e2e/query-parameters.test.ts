import { beforeAll, describe, expect, it } from 'vitest';
import { getJson } from '../support/http.js';
import { admin, api, newPartner, type TestPartner } from '../support/partner.js';

// Repeated and unknown query parameters: never silently half-read. Clients that send a list as
// repeated keys (OpenAPI's form/explode default, Python requests) get the price of the whole list.

let partner: TestPartner;
beforeAll(async () => {
  partner = await newPartner();
});

describe('the public quote', () => {
  it('merges repeated items as if comma-joined: the same price as the comma form', async () => {
    const joined = await getJson('/api/public/v1/quote?items=cbc,lipid-panel&state=CA');
    const repeated = await getJson('/api/public/v1/quote?items=cbc&items=lipid-panel&state=CA');
    expect(repeated.status).toBe(200);
    expect(repeated.body.items.map((i: { id: string }) => i.id)).toEqual(['cbc', 'lipid-panel']);
    expect(repeated.body.totalCents).toBe(joined.body.totalCents);
    const mixed = await getJson('/api/public/v1/quote?items=cbc,tsh&items=lipid-panel&items=cbc');
    expect(mixed.body.items.map((i: { id: string }) => i.id)).toEqual(['cbc', 'tsh', 'lipid-panel']);
  });

  it('applies duplicates and the limit of 50 to the merged list', async () => {
    const ids = Array.from({ length: 51 }, (_, i) => `item-${i}`);
    const half = (from: number, to: number) => ids.slice(from, to).join(',');
    const over = await getJson(`/api/public/v1/quote?items=${half(0, 30)}&items=${half(30, 51)}`);
    expect(over.status).toBe(400);
    expect(over.body.error.code).toBe('too_many_items');
    const dupes = await getJson(`/api/public/v1/quote?items=${half(0, 30)}&items=${half(0, 30)}`);
    expect(dupes.body.error.code).toBe('unknown_items'); // 30 distinct ids: past the limit check
  });

  it('refuses a repeated state with invalid_state, even when both values agree', async () => {
    for (const qs of ['state=CA&state=NY', 'state=CA&state=CA', 'state=CA&state='])
      expect((await getJson(`/api/public/v1/quote?items=cbc&${qs}`)).body.error).toMatchObject({
        code: 'invalid_state',
        message: expect.stringMatching(/more than once/),
      });
  });

  it('keeps the documented error precedence with a repeat in play', async () => {
    const res = await getJson('/api/public/v1/quote?items=zz-nope&state=CA&state=NY');
    expect(res.body.error.code).toBe('unknown_items');
  });

  it('ignores unknown parameters such as utm_* and answers exactly as without them', async () => {
    const plain = await getJson('/api/public/v1/quote?items=cbc&state=CA');
    const tagged = await getJson(
      '/api/public/v1/quote?items=cbc&state=CA&utm_source=x&utm_source=y&fbclid=1&ref=partner',
    );
    expect(tagged.status).toBe(200);
    expect({ ...tagged.body, updatedAt: null }).toEqual({ ...plain.body, updatedAt: null });
  });
});

describe('the cart page', () => {
  it('merges repeated items as the quote does', async () => {
    const page = async (qs: string) =>
      (await getJson(`/cart?${qs}`, { headers: { Accept: 'text/markdown' } })).body as string;
    const repeated = await page('items=cbc&items=lipid-panel&state=CA');
    expect(repeated).toBe(await page('items=cbc,lipid-panel&state=CA'));
    expect(repeated).toContain('Lipid Panel');
  });
});

describe('availability', () => {
  it('refuses a repeated item or state with the code for that parameter', async () => {
    const item = await getJson('/api/public/v1/availability?state=CA&item=cbc&item=tsh');
    expect(item.status).toBe(400);
    expect(item.body.error.code).toBe('invalid_item_id');
    const state = await getJson('/api/public/v1/availability?state=CA&state=TX');
    expect(state.body.error.code).toBe('invalid_state');
  });
});

describe('the compact catalogue', () => {
  it('answers an unsupported locale in English and says so', async () => {
    for (const locale of ['fr', 'zz-top', '']) {
      const res = await getJson(`/api/catalog?locale=${locale}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-language')).toBe('en');
      expect(res.body.locale).toBe('en');
    }
  });

  it('answers Spanish for es with any case or region', async () => {
    for (const locale of ['es', 'ES', 'es-MX', 'es_US']) {
      const res = await getJson(`/api/catalog?locale=${locale}`);
      expect(res.headers.get('content-language')).toBe('es');
      expect(res.body.locale).toBe('es');
    }
  });

  it('refuses a repeated locale or utm_medium', async () => {
    for (const qs of ['locale=es&locale=en', 'utm_medium=a&utm_medium=b']) {
      const res = await getJson(`/api/catalog?${qs}`);
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('invalid_parameter');
    }
  });
});

describe('the partner and operator APIs', () => {
  it('refuse any repeated parameter with validation_error naming it', async () => {
    const cases = [
      '/orders?limit=5&limit=10',
      '/orders?status=processing&status=cancelled',
      '/locations?zip=60601&zip=10001',
      '/catalog?x=1&x=2',
    ];
    for (const path of cases) {
      const res = await api(partner, 'GET', path);
      expect(res.status, path).toBe(400);
      const name = /\?(\w+)=/.exec(path)?.[1] as string;
      expect(res.body.error).toMatchObject({
        code: 'validation_error',
        details: { fields: { [name]: 'must be given once' } },
      });
    }
    const operator = await admin('GET', `/deliveries?partnerId=${partner.id}&partnerId=${partner.id}`);
    expect(operator.status).toBe(400);
    expect(operator.body.error.details.fields).toHaveProperty('partnerId');
    const document = await getJson('/api/v1/openapi.json?v=1&v=2');
    expect(document.status).toBe(400);
  });

  it('refuse a repeat before taking any effect', async () => {
    const key = await admin('POST', `/partners/${partner.id}/keys?environment=test&environment=live`, {
      environment: 'test',
    });
    expect(key.status).toBe(400);
    const listed = await admin('GET', `/partners/${partner.id}`);
    expect(listed.body.keys).toHaveLength(1);
  });
});
