import { beforeAll, inject } from 'vitest';
import fc from 'fast-check';
import { ROUTES, type Route } from '../../shared/manifest/index.js';
import { admin, api, newPartner, orderBody, type TestPartner } from './partner.js';

// Shared by the route fuzz suites (test/e2e/fuzz-*.test.ts): what they send, and the ids they know.
export const RUNS_PER_ROUTE = Math.max(5, Math.floor(Number(process.env.FUZZ_RUNS ?? 40) / 4));

export const junk = fc.oneof(
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

/** Every deployed route (the local-only clock and faults change the shared runtime: left out). */
export const fuzzed = ROUTES.filter((r) => !r.localOnly);

/** A partner with an order placed in the sandbox, and the ids that exist for it. */
export async function fuzzWorld(): Promise<{ partner: TestPartner; known: Record<string, string[]> }> {
  const partner = await newPartner();
  const order = await api(partner, 'POST', '/orders', {
    body: orderBody(['tsh']),
    idempotencyKey: crypto.randomUUID(),
  });
  await api(partner, 'POST', `/sandbox/orders/${order.body.id}/advance`);
  const deliveries = await admin('GET', `/deliveries?partnerId=${partner.id}`);
  const id = [
    order.body.id,
    partner.id,
    ...((deliveries.body?.data ?? []) as Array<{ id: string }>).map((d) => d.id),
    'tsh',
    'cbc',
  ];
  return { partner, known: { id, keyId: [partner.keyId] } };
}

export function authWith(
  partner: TestPartner,
  route: Route,
  choice: 'valid' | 'junk' | 'none',
  junkValue: string,
): Record<string, string> {
  if (choice === 'none' || route.auth === 'none') return {};
  if (choice === 'junk') return { Authorization: `Bearer ${junkValue.replace(/[^\x20-\x7e]/g, '?')}` };
  const token = { partner: partner.key, lab: inject('labToken') }[route.auth as string] ?? inject('adminToken');
  return { Authorization: `Bearer ${token}` };
}

export function pathWith(
  known: Record<string, string[]>,
  route: Route,
  params: Record<string, string>,
  pick: number,
  query: Array<[string, string]>,
): string {
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

/**
 * One test file's fuzzing: a partner (a suite may replace it: the fuzzing can revoke its key) and
 * the ids that exist, made before the file's tests, with requests' auth and URLs built from them.
 */
export function fuzzSession() {
  const session = {
    partner: undefined as unknown as TestPartner,
    known: { id: [], keyId: [] } as Record<string, string[]>,
    authFor: (route: Route, choice: 'valid' | 'junk' | 'none', junkValue: string) =>
      authWith(session.partner, route, choice, junkValue),
    urlFor: (route: Route, params: Record<string, string>, pick: number, query: Array<[string, string]>) =>
      pathWith(session.known, route, params, pick, query),
  };
  beforeAll(async () => {
    Object.assign(session, await fuzzWorld());
  });
  return session;
}
