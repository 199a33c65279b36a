// What the bench's parts share: the patient every bench order is for, the operator's POST, the
// webhook receiver, and the fixtures the every-Lambda cold starts act on (an order to cancel, a
// requisition to sign, a delivery to replay, an ORU message to ingest...).
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';

/** Secrets the cold-started functions run with (the bench signs dashboard sessions and Stripe events with them). */
export const COLD_SECRETS = {
  CURSOR_SECRET: 'bench-cursor-secret-0123456789abcdef',
  STRIPE_WEBHOOK_SECRET: 'whsec_bench_cold_start_0123456789',
};

export const BENCH_PATIENT = {
  firstName: 'Bench',
  lastName: 'Mark',
  dateOfBirth: '1980-01-01',
  sex: 'female',
  address: { line1: '1 Main St', city: 'Austin', state: 'TX', zip: '78701' },
};
export const JSON_HEADERS = { 'Content-Type': 'application/json' };

export const percentile = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))] as number;

/** The operator's POST to the admin API: how the bench makes its partners and keys. */
export const adminPost = (url: string, adminToken: string) => (path: string, body: unknown) =>
  fetch(`${url}/admin/v1${path}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${adminToken}`, ...JSON_HEADERS },
    body: JSON.stringify(body),
  }).then((r) => r.json() as Promise<Record<string, string>>);

export interface Service {
  url: string;
  adminToken: string;
}

export interface Fixtures {
  partnerId: string;
  keyId: string;
  key: string;
  placedOrderId: string;
  reportedOrderId: string;
  deliveryId: string;
}

/** The fixtures and the calls that make fresh ones, for requests that change what they act on. */
export interface BenchContext {
  f: Fixtures;
  call(
    path: string,
    init?: { method?: string; body?: unknown; key?: string; idempotencyKey?: string },
  ): Promise<Record<string, unknown>>;
  newOrder(): Promise<string>;
  advance(id: string): Promise<unknown>;
  /** An ORU^R01 message whose placer order number is ORD666555. */
  oru: string;
}

/** A webhook receiver that accepts everything, so deliveries and test events succeed. */
export async function startReceiver(): Promise<{ url: string; origin: string; stop(): void }> {
  const server = createServer((req, res) => req.resume().on('end', () => res.writeHead(200).end('ok')));
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url: `${origin}/hooks`, origin, stop: () => server.close() };
}

/** A partner with a key, an order placed, an order reported and a webhook delivery, on the running service. */
export async function benchFixtures(root: string, service: Service, receiverUrl: string): Promise<BenchContext> {
  const call: BenchContext['call'] = async (path, init = {}) => {
    const res = await fetch(`${service.url}${path}`, {
      method: init.method ?? 'GET',
      headers: {
        ...JSON_HEADERS,
        Authorization: `Bearer ${init.key ?? service.adminToken}`,
        ...(init.idempotencyKey ? { 'Idempotency-Key': init.idempotencyKey } : {}),
      },
      ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
    });
    const body = (await res.json()) as Record<string, unknown>;
    if (res.status >= 300)
      throw new Error(`bench fixture ${init.method ?? 'GET'} ${path}: ${res.status} ${JSON.stringify(body)}`);
    return body;
  };
  const partner = await call('/admin/v1/partners', {
    method: 'POST',
    body: { name: 'Cold start bench', paymentMethod: 'pm_card_visa', webhookUrl: receiverUrl },
  });
  const issued = await call(`/admin/v1/partners/${partner.id}/keys`, { method: 'POST', body: { environment: 'test' } });
  // A signing secret, as every live partner has: the inline webhook attempts are then signed and
  // sent (without one each would fail at once and only schedule a retry, which is not the real work).
  await call(`/admin/v1/partners/${partner.id}/webhook-secret`, { method: 'POST' });
  const f: Fixtures = {
    partnerId: partner.id as string,
    keyId: issued.id as string,
    key: issued.key as string,
    placedOrderId: '',
    reportedOrderId: '',
    deliveryId: '',
  };
  const newOrder = async () =>
    (
      await call('/api/v1/orders', {
        method: 'POST',
        key: f.key,
        idempotencyKey: randomUUID(),
        body: { patient: BENCH_PATIENT, items: [{ id: 'cbc' }] },
      })
    ).id as string;
  const advance = (id: string) => call(`/api/v1/sandbox/orders/${id}/advance`, { method: 'POST', key: f.key });
  f.placedOrderId = await newOrder();
  await advance(f.placedOrderId);
  f.reportedOrderId = await newOrder();
  await advance(f.reportedOrderId);
  await advance(f.reportedOrderId);
  const deliveries = (await call(`/api/v1/webhooks/deliveries?orderId=${f.placedOrderId}`, { key: f.key }))
    .data as Array<{ id: string }>;
  f.deliveryId = deliveries[0]?.id as string;
  const oru = readFileSync(join(root, 'test/fixtures/hl7/05-nist-lri-cbc-flags-n-l-hh-a-v251.hl7'), 'latin1');
  return { f, call, newOrder, advance, oru };
}

/**
 * Warms the local stand-ins before cold starts are timed: DynamoDB Local's JVM (and the Stripe and
 * S3 stand-ins) answer a request path they have not compiled yet many times slower than they will
 * once warm, and AWS's services are always warm. Orders are created, read, listed and cancelled,
 * and quotes asked, four at a time for a few seconds, whichever parts of the bench ran before.
 */
export async function warmStandIns(url: string, key: string, seconds = 4): Promise<void> {
  const until = Date.now() + seconds * 1000;
  const auth = { Authorization: `Bearer ${key}`, ...JSON_HEADERS };
  const round = async () => {
    const created = await fetch(`${url}/api/v1/orders`, {
      method: 'POST',
      headers: { ...auth, 'Idempotency-Key': randomUUID() },
      body: JSON.stringify({ patient: BENCH_PATIENT, items: [{ id: 'cbc' }] }),
    }).then((r) => r.json() as Promise<{ id?: string }>);
    await Promise.all([
      fetch(`${url}/api/v1/orders/${created.id}`, { headers: auth }).then((r) => r.arrayBuffer()),
      fetch(`${url}/api/v1/orders?limit=5`, { headers: auth }).then((r) => r.arrayBuffer()),
      fetch(`${url}/api/public/v1/quote?items=cbc,lipid-panel&state=CA`).then((r) => r.arrayBuffer()),
    ]);
    await fetch(`${url}/api/v1/orders/${created.id}`, { method: 'DELETE', headers: auth }).then((r) => r.arrayBuffer());
  };
  const worker = async () => {
    while (Date.now() < until) await round();
  };
  await Promise.all([worker(), worker(), worker(), worker()]);
}
