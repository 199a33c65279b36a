import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startService, type RunningService } from '../support/local-service.js';
import { adultPatient } from '../support/partner.js';

// Money is never lost: for each point of failure and each client behaviour, every succeeded
// charge ends with exactly one order, or no order and exactly one full refund, as Stripe's own
// records (the simulator's intents and refunds) show. Its own runtime, so its clock jumps and
// Stripe faults touch no other suite. CI-sized by default; RELIABILITY_SCALE repeats the matrix.
const ROUNDS = Math.max(1, Math.floor(Number(process.env.RELIABILITY_SCALE ?? 40) / 40));
const token = 'settlement-admin-token-0123456789';
let service: RunningService;
beforeAll(async () => {
  service = await startService({ ADMIN_TOKEN: token, STRIPE_TIMEOUT_MS: '1000' });
});
afterAll(async () => service?.stop());

// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function call(method: string, path: string, auth: string, body?: unknown, headers = {}): Promise<any> {
  const res = await fetch(`${service.url}${path}`, {
    method,
    headers: { Authorization: `Bearer ${auth}`, 'Content-Type': 'application/json', ...headers },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : null };
}
const sim = () => /Stripe simulator: (http:\/\/\S+)/.exec(service.output())?.[1] as string;
const simGet = async <T>(path: string): Promise<T> => (await (await fetch(`${sim()}${path}`)).json()) as T;
const simFaults = (faults: Record<string, number>) =>
  fetch(`${sim()}/_sim/faults`, { method: 'POST', body: JSON.stringify(faults) });
const advance = (seconds: number) => call('POST', '/admin/v1/clock/advance', token, { seconds });

type Failure = 'before the charge' | 'charge answer lost' | 'after the charge' | 'during the refund';
type Behaviour = 'at once' | 'after the lock' | 'after 24 hours' | 'never';
const FAILURES: Failure[] = ['before the charge', 'charge answer lost', 'after the charge', 'during the refund'];
const BEHAVIOURS: Behaviour[] = ['at once', 'after the lock', 'after 24 hours', 'never'];

async function injectFailure(f: Failure): Promise<void> {
  // The SDK retries once with the same Stripe key, so two calls must fail for the request to.
  if (f === 'before the charge') await simFaults({ failNext: 2 });
  if (f === 'charge answer lost') await simFaults({ hangNext: 2, hangMs: 2500 });
  if (f === 'after the charge' || f === 'during the refund')
    await call('POST', '/admin/v1/faults', token, { orderWrites: 1 });
}

/** What a client does with a 409: come back shortly with the same key (a sweep may hold it a moment). */
async function retry(key: string, idem: string, body: unknown) {
  for (let i = 0; ; i++) {
    const res = await call('POST', '/api/v1/orders', key, body, { 'Idempotency-Key': idem });
    if (res.status !== 409 || i >= 4) return res;
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function runCell(failure: Failure, behaviour: Behaviour) {
  const partner = (await call('POST', '/admin/v1/partners', token, { name: 'Matrix', paymentMethod: 'pm_card_visa' }))
    .body;
  const key = (await call('POST', `/admin/v1/partners/${partner.id}/keys`, token, { environment: 'test' })).body.key;
  const idem = randomUUID();
  const body = { patient: adultPatient, items: [{ id: 'tsh' }], externalId: `${failure}/${behaviour}` };
  await injectFailure(failure);
  const first = await call('POST', '/api/v1/orders', key, body, { 'Idempotency-Key': idem });
  expect([500, 502]).toContain(first.status);
  await simFaults({ failNext: 0, hangNext: 0 });
  if (behaviour === 'at once') await retry(key, idem, body);
  if (behaviour === 'after the lock') {
    await advance(301);
    expect((await retry(key, idem, body)).status).toBe(201);
  }
  // During the refund: the first settlement refund fails (both tries), the next sweep makes it.
  const refundFails = () => (failure === 'during the refund' ? simFaults({ failNext: 2 }) : undefined);
  if (behaviour === 'after 24 hours' || behaviour === 'never') {
    await refundFails();
    await advance(24 * 3600 + 60);
    await simFaults({ failNext: 0 });
  }
  if (behaviour === 'after 24 hours') {
    const again = await retry(key, idem, body);
    expect(again.status, JSON.stringify(again.body)).toBe(201);
  }
  // Past the key's 24 hours and a sweep more: everything has settled.
  if (behaviour === 'at once' || behaviour === 'after the lock') await refundFails();
  await advance(24 * 3600 + 60);
  await simFaults({ failNext: 0 });
  await advance(15 * 60);
  return partner.id as string;
}

interface Intent {
  id: string;
  status: string;
  amount: number;
  metadata: Record<string, string>;
}
interface Refund {
  payment_intent: string;
  amount: number;
}

async function checkInvariant(partnerId: string, key: string) {
  const intents = (await simGet<Intent[]>('/_sim/intents')).filter((i) => i.metadata.partnerId === partnerId);
  const refunds = await simGet<Refund[]>('/_sim/refunds');
  const orders: Array<{ payment: { paymentIntentId: string } }> = (await call('GET', '/api/v1/orders?limit=100', key))
    .body.data;
  for (const intent of intents.filter((i) => i.status === 'succeeded')) {
    const ordered = orders.filter((o) => o.payment.paymentIntentId === intent.id).length;
    const returned = refunds.filter((r) => r.payment_intent === intent.id);
    const ok =
      (ordered === 1 && returned.length === 0) ||
      (ordered === 0 && returned.length === 1 && returned[0]?.amount === intent.amount);
    expect(ok, `${intent.id}: ${ordered} orders, ${returned.length} refunds`).toBe(true);
  }
  // No order stands on anything but a succeeded charge.
  const succeeded = new Set(intents.filter((i) => i.status === 'succeeded').map((i) => i.id));
  for (const o of orders) expect(succeeded.has(o.payment.paymentIntentId)).toBe(true);
  return { intents, orders };
}

describe('each succeeded charge has exactly one order, or no order and exactly one full refund', () => {
  for (const failure of FAILURES)
    for (const behaviour of BEHAVIOURS)
      it(`failure ${failure}, client retries ${behaviour}`, async () => {
        for (let round = 0; round < ROUNDS; round++) {
          const partnerId = await runCell(failure, behaviour);
          const key = (await call('POST', `/admin/v1/partners/${partnerId}/keys`, token, { environment: 'test' })).body
            .key;
          const { intents, orders } = await checkInvariant(partnerId, key);
          // A client that came back has its order; one that never did has none.
          if (behaviour === 'never') expect(orders).toHaveLength(0);
          if (behaviour !== 'never' && !(failure === 'after the charge' || failure === 'during the refund'))
            expect(orders).toHaveLength(1);
          if (behaviour === 'after the lock' || behaviour === 'after 24 hours') expect(orders).toHaveLength(1);
          expect(intents.length).toBeGreaterThanOrEqual(orders.length);
        }
      }, 120_000);
});
