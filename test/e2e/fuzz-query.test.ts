import { beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { Route } from '../../shared/manifest/index.js';
import { getJson } from '../support/http.js';
import { newPartner } from '../support/partner.js';
import { fuzzed, fuzzSession, junk, RUNS_PER_ROUTE } from '../support/fuzz.js';

// Repeated and unknown query parameters on every route, over HTTP (the rest of the route fuzzing is
// fuzz-routes.test.ts; the inputs and known ids are shared through test/support/fuzz.ts).
const session = fuzzSession();
const { authFor, urlFor } = session;

// Repeated and unknown query parameters on every route. A known-good query per route; the fuzz
// adds tracking-style unknown parameters and repeats a parameter, known or not.
const GOOD_QUERY: Record<string, Array<[string, string]>> = {
  'GET /api/public/v1/quote': [
    ['items', 'cbc'],
    ['state', 'CA'],
  ],
  'GET /api/public/v1/availability': [
    ['state', 'CA'],
    ['item', 'cbc'],
  ],
  'GET /api/catalog': [
    ['locale', 'es'],
    ['utm_medium', 'chat'],
  ],
  'GET /api/v1/locations': [
    ['zip', '60601'],
    ['limit', '3'],
  ],
  'GET /api/v1/orders': [
    ['limit', '5'],
    ['status', 'processing'],
  ],
  'GET /api/v1/webhooks/deliveries': [['limit', '5']],
  'GET /admin/v1/deliveries': [['limit', '5']],
  'GET /cart': [
    ['items', 'cbc'],
    ['state', 'CA'],
  ],
  'GET /cart/handoff': [['items', 'cbc']],
};
/** What a repeat of each public parameter answers (items merges instead). */
const PUBLIC_REPEAT_CODE: Record<string, string> = {
  state: 'invalid_state',
  item: 'invalid_item_id',
  locale: 'invalid_parameter',
  utm_medium: 'invalid_parameter',
};
const unknownName = fc.oneof(
  fc.constantFrom('utm_source', 'utm_campaign', 'utm_term', 'fbclid', 'gclid', 'ref', '_', 'Items', 'STATE'),
  fc.stringMatching(/^x_[a-z0-9]{1,8}$/),
);
const jsonApi = (r: Route) => r.api !== 'mcp' && !r.entry.includes('/pages/');

describe('repeated and unknown query parameters on every route', () => {
  beforeAll(async () => {
    session.partner = await newPartner();
    GOOD_QUERY['GET /admin/v1/deliveries'] = [
      ['partnerId', session.partner.id],
      ['limit', '5'],
    ];
  });
  const reads = (r: Route) => r.method === 'GET';

  it.each(fuzzed.map((r) => [`${r.method} ${r.path}`, r] as const))(
    '%s: unknown parameters change nothing on public routes; a repeat is refused or merged, never half-read',
    async (name, route) => {
      const good = GOOD_QUERY[name] ?? [];
      await fc.assert(
        fc.asyncProperty(
          fc.array(fc.tuple(unknownName, junk), { maxLength: 3 }),
          fc.nat(),
          fc.boolean(),
          async (unknown, pick, repeatKnown) => {
            const headers = { ...authFor(route, 'valid', ''), 'Content-Type': 'application/json' };
            const send = (q: Array<[string, string]>) =>
              getJson(urlFor(route, {}, 0, q), {
                method: route.method,
                headers,
                ...(route.method === 'POST' || route.method === 'PATCH' ? { body: '{}' } : {}),
              });
            // Unknown parameters: on the public API exactly as without them (reads only: no state changes between).
            if (route.api === 'public' && reads(route) && unknown.length > 0) {
              const [plain, tagged] = [await send(good), await send([...good, ...unknown])];
              expect(tagged.status, JSON.stringify(unknown)).toBe(plain.status);
              if (plain.status >= 400 && jsonApi(route)) expect(tagged.body.error.code).toBe(plain.body.error.code);
            }
            // One parameter twice: a known one when the route has any, else an unknown one.
            const [param, value] =
              repeatKnown && good.length > 0
                ? (good[pick % good.length] as [string, string])
                : ([unknown[0]?.[0] ?? 'utm_source', 'a'] as [string, string]);
            const query: Array<[string, string]> = [...good, ...unknown, [param, value]];
            if (query.filter(([n]) => n === param).length < 2) query.push([param, value]);
            const res = await send(query);
            expect(res.status, `${param} twice`).toBeLessThan(500);
            if (route.api === 'partner' || route.api === 'operator') {
              expect(res.status, `${param} twice`).toBe(400);
              expect(res.body.error.code).toBe('validation_error');
              expect(res.body.error.details.fields).toHaveProperty([param]);
            } else if (jsonApi(route) && param in PUBLIC_REPEAT_CODE && good.some(([n]) => n === param)) {
              expect(res.status).toBe(400);
              expect(res.body.error.code).toBe(PUBLIC_REPEAT_CODE[param]);
            } else if (jsonApi(route) && param === 'items') {
              expect(res.status).toBe(200); // cbc twice is cbc once
              expect(res.body.items.map((i: { id: string }) => i.id)).toEqual(['cbc']);
            }
          },
        ),
        { numRuns: Math.max(3, Math.floor(RUNS_PER_ROUTE / 2)) },
      );
    },
    120_000,
  );
});
