import { beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import fc from 'fast-check';
import { ROUTES, type Route } from '../../shared/manifest/index.js';
import { baseUrl, getJson } from '../support/http.js';
import { admin, api, newPartner, orderBody, type TestPartner } from '../support/partner.js';

// Every route in the route table, fuzzed over HTTP: path parameters, query, headers and body. Whatever
// a client sends: never a 5xx, never a stack trace or internal detail, and on the JSON APIs the
// documented error shape (getJson also holds every documented answer to its OpenAPI schema).
// The two local-only operator routes (clock, faults) are left out: they change the shared
// runtime for every suite after this one; their input validation has its own tests.
const RUNS_PER_ROUTE = Math.max(5, Math.floor(Number(process.env.FUZZ_RUNS ?? 40) / 4));

const junk = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.string({ unit: 'grapheme', maxLength: 12 }),
  fc.integer({ min: -1_000_000, max: 1_000_000 }).map(String),
  fc.constantFrom(
    '',
    ' ',
    '%00',
    '../../etc/passwd',
    '<script>alert(1)</script>',
    '{"$gt":""}',
    'null',
    'A'.repeat(2_000),
    'order_01jz0000000000000000000000',
    '1e309',
  ),
);
const QUERY_NAMES = [
  'limit',
  'cursor',
  'status',
  'externalId',
  'orderId',
  'zip',
  'radiusMiles',
  'items',
  'state',
  'item',
  'q',
  'format',
  'partnerId',
];
const BODY_FIELDS = [
  'name',
  'paymentMethod',
  'webhookUrl',
  'environment',
  'fees',
  'status',
  'scenario',
  'event',
  'hl7',
  'message',
  'results',
  'patient',
  'items',
  'url',
];

const leaks =
  /at .+\.(ts|js):\d+|Error: |TypeError|ReferenceError|SyntaxError|node_modules|ConditionalCheckFailed|DynamoDB|ValidationException|stack/;

let partner: TestPartner;
const known: Record<string, string[]> = { id: [], keyId: [] };

beforeAll(async () => {
  partner = await newPartner();
  const order = await api(partner, 'POST', '/orders', {
    body: orderBody(['tsh']),
    idempotencyKey: crypto.randomUUID(),
  });
  await api(partner, 'POST', `/sandbox/orders/${order.body.id}/advance`);
  const deliveries = await admin('GET', `/deliveries?partnerId=${partner.id}`);
  known.id = [
    order.body.id,
    partner.id,
    ...((deliveries.body?.data ?? []) as Array<{ id: string }>).map((d) => d.id),
    'tsh',
    'cbc',
  ];
  known.keyId = [partner.keyId];
});

function authFor(route: Route, choice: 'valid' | 'junk' | 'none', junkValue: string): Record<string, string> {
  if (choice === 'none' || route.auth === 'none') return {};
  if (choice === 'junk') return { Authorization: `Bearer ${junkValue.replace(/[^\x20-\x7e]/g, '?')}` };
  const token = { partner: partner.key, lab: inject('labToken') }[route.auth as string] ?? inject('adminToken');
  return { Authorization: `Bearer ${token}` };
}

const input = fc.record({
  params: fc.dictionary(fc.constantFrom('id', 'keyId'), fc.oneof(junk, fc.constant('<known>'))),
  query: fc.array(fc.tuple(fc.constantFrom(...QUERY_NAMES), junk), { maxLength: 4 }),
  auth: fc.constantFrom('valid', 'valid', 'valid', 'junk', 'none'),
  contentType: fc.constantFrom(
    'application/json',
    'application/json',
    'text/plain',
    'application/x-www-form-urlencoded',
    'application/json; charset=utf-16',
    undefined,
  ),
  idempotencyKey: fc.option(junk),
  body: fc.oneof(
    fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)),
    fc
      .dictionary(fc.constantFrom(...BODY_FIELDS), fc.oneof(junk, fc.jsonValue({ maxDepth: 2 })))
      .map((v) => JSON.stringify(v)),
    // JSON-RPC for the MCP server: real method names with junk parameters.
    fc
      .record({
        jsonrpc: fc.constantFrom('2.0', '1.0'),
        id: fc.oneof(fc.nat(), junk),
        method: fc.oneof(
          fc.constantFrom('initialize', 'tools/list', 'tools/call', 'resources/list', 'resources/read', 'prompts/get'),
          junk,
        ),
        params: fc.jsonValue({ maxDepth: 3 }),
      })
      .map((v) => JSON.stringify(v)),
    junk,
  ),
  pick: fc.nat(),
});

function urlFor(route: Route, params: Record<string, string>, pick: number, query: Array<[string, string]>): string {
  const path = route.path.replace(/\{(\w+)\}/g, (_m, name: string) => {
    const pool = known[name] ?? [];
    const value =
      params[name] === '<known>' || params[name] === undefined
        ? (pool[pick % Math.max(pool.length, 1)] ?? 'x')
        : params[name];
    return encodeURIComponent(value) || 'x';
  });
  const qs = new URLSearchParams(query).toString();
  return qs ? `${path}?${qs}` : path;
}

const fuzzed = ROUTES.filter((r) => !r.localOnly);

const assets = new Map<string, Promise<string>>();
/** A static asset route's answer to a plain request, fetched once. */
function assetBody(route: Route): Promise<string> {
  if (!assets.has(route.path))
    assets.set(
      route.path,
      fetch(`${baseUrl()}${route.path}`).then((r) => r.text()),
    );
  return assets.get(route.path)!;
}

describe('fuzzing every route', () => {
  it.each(fuzzed.map((r) => [`${r.method} ${r.path}`, r] as const))(
    '%s: never a 5xx, never internals, always its API’s error shape',
    async (_name, route) => {
      await fc.assert(
        fc.asyncProperty(input, async (i) => {
          const url = urlFor(route, i.params, i.pick, i.query);
          const headers: Record<string, string> = {
            ...authFor(route, i.auth, i.body),
            ...(i.contentType ? { 'Content-Type': i.contentType } : {}),
          };
          if (route.api === 'mcp') headers.Accept = 'application/json, text/event-stream'; // else the transport answers 406 before reading anything
          if (i.idempotencyKey !== null) headers['Idempotency-Key'] = i.idempotencyKey.replace(/[^\x20-\x7e]/g, '?');
          const hasBody = route.method !== 'GET' && route.method !== 'DELETE';
          const res = await getJson(url, { method: route.method, headers, ...(hasBody ? { body: i.body } : {}) });
          const text = typeof res.body === 'string' ? res.body : JSON.stringify(res.body);
          expect(res.status, `${route.method} ${url}`).toBeLessThan(500);
          // A static asset (a vendor script) is the same file whatever the input: no answer of ours to leak into.
          if (route.bundleFiles && res.status === 200) expect(text).toBe(await assetBody(route));
          else expect(text).not.toMatch(leaks);
          if (
            res.status >= 400 &&
            (route.api === 'partner' || route.api === 'operator' || route.api === 'public') &&
            !/\/(pages|dashboard)\//.test(route.entry)
          ) {
            expect(res.headers.get('content-type')).toMatch(/json/);
            expect(typeof res.body.error?.code, text).toBe('string');
            expect(typeof res.body.error?.message, text).toBe('string');
          }
        }),
        { numRuns: RUNS_PER_ROUTE },
      );
    },
    120_000,
  );
});

describe('ids no store could hold', () => {
  beforeAll(async () => {
    partner = await newPartner(); // the fuzzing above may have revoked the first partner's key
  });
  // Dashboard pages sit behind a session (a 2,000-character id there is covered by dashboard.test.ts).
  const withIds = fuzzed.filter((r) => r.path.includes('{') && !r.entry.includes('/dashboard/'));
  it.each(withIds.map((r) => [`${r.method} ${r.path}`, r] as const))(
    '%s with a 2,000-character id: 404 as for any unknown id (400 where the body is checked first), never a 5xx',
    async (_name, route) => {
      const url = route.path.replace(/\{\w+\}/g, 'A'.repeat(2_000));
      const res = await getJson(url, {
        method: route.method,
        headers: { ...authFor(route, 'valid', ''), 'Content-Type': 'application/json' },
        ...(route.method === 'POST' || route.method === 'PATCH' ? { body: '{}' } : {}),
      });
      expect(route.method === 'POST' || route.method === 'PATCH' ? [400, 404] : [404]).toContain(res.status);
      if (!route.entry.includes('/pages/'))
        expect(res.body.error.code).toBe(res.status === 404 ? 'not_found' : 'validation_error');
    },
  );
});

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
    partner = await newPartner();
    GOOD_QUERY['GET /admin/v1/deliveries'] = [
      ['partnerId', partner.id],
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
