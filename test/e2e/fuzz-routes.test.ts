import { beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { Route } from '../../shared/manifest/index.js';
import { baseUrl, getJson } from '../support/http.js';
import { newPartner } from '../support/partner.js';
import { fuzzed, fuzzSession, junk, RUNS_PER_ROUTE } from '../support/fuzz.js';

// Every route in the route table, fuzzed over HTTP: path parameters, query, headers and body. Whatever
// a client sends: never a 5xx, never a stack trace or internal detail, and on the JSON APIs the
// documented error shape (getJson also holds every documented answer to its OpenAPI schema).
// The two local-only operator routes (clock, faults) are left out: they change the shared
// runtime for every suite after this one; their input validation has its own tests.
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
const session = fuzzSession();
const { authFor, urlFor } = session;

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
    session.partner = await newPartner(); // the fuzzing above may have revoked the first partner's key
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
