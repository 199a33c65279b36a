import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startService, type RunningService } from '../support/local-service.js';
import { orderBody } from '../support/partner.js';
import { startReceiver } from '../support/receiver.js';

const dataDir = mkdtempSync(join(tmpdir(), 'lab-restart-'));
const token = 'restart-admin-token-0123456789';
// A short Stripe timeout, so a provider that hangs is given up on within the test's time.
const serviceEnv = { DATA_DIR: dataDir, ADMIN_TOKEN: token, STRIPE_TIMEOUT_MS: '1000' };
let service: RunningService | null = null;
beforeAll(async () => {
  service = await startService(serviceEnv);
}, 120_000);
async function killAndRestart() {
  await service?.stop('SIGKILL');
  service = await startService(serviceEnv);
}
afterAll(async () => {
  await service?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

async function call(method: string, path: string, auth: string, body?: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${service?.url}${path}`, {
    method,
    headers: { Authorization: `Bearer ${auth}`, 'Content-Type': 'application/json', ...headers },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  return { status: res.status, body: await res.json() };
}

// Each restart starts a DynamoDB Local JVM, which takes a while on a loaded machine.
const RESTARTS = { timeout: 120_000 };

describe('a restart loses nothing', RESTARTS, () => {
  it('kill -9 between creation and placement: after restart the order, its charge and its key are all there, and it is placed on time', async () => {
    const partner = (
      await call('POST', '/admin/v1/partners', token, { name: 'Restart Co', paymentMethod: 'pm_card_visa' })
    ).body;
    const key = (await call('POST', `/admin/v1/partners/${partner.id}/keys`, token, { environment: 'test' })).body
      .key as string;
    const idem = randomUUID();
    const body = orderBody(['tsh']);
    const created = await call('POST', '/api/v1/orders', key, body, { 'Idempotency-Key': idem });
    expect(created.status).toBe(201);
    await call('POST', '/admin/v1/clock/advance', token, { seconds: 30 * 60 });

    await killAndRestart();

    const got = await call('GET', `/api/v1/orders/${created.body.id}`, key);
    expect(got.body.status).toBe('processing');
    const replay = await call('POST', '/api/v1/orders', key, body, { 'Idempotency-Key': idem });
    expect(replay.status).toBe(201);
    expect(replay.body.id).toBe(created.body.id);
    // The clock kept its 30 minutes: 31 more pass the 60-minute placement time.
    await call('POST', '/admin/v1/clock/advance', token, { seconds: 31 * 60 });
    expect((await call('GET', `/api/v1/orders/${created.body.id}`, key)).body.status).toBe('requisition_ready');
  });

  it('kill -9 in the middle of a webhook retry schedule: the delivery carries on after the restart', async () => {
    const receiver = await startReceiver();
    try {
      receiver.mode.value = 'fail';
      const partner = (
        await call('POST', '/admin/v1/partners', token, {
          name: 'Hooks Co',
          paymentMethod: 'pm_card_visa',
          webhookUrl: receiver.url,
        })
      ).body;
      await call('POST', `/admin/v1/partners/${partner.id}/webhook-secret`, token);
      const key = (await call('POST', `/admin/v1/partners/${partner.id}/keys`, token, { environment: 'test' })).body
        .key as string;
      const order = (await call('POST', '/api/v1/orders', key, orderBody(['tsh']), { 'Idempotency-Key': randomUUID() }))
        .body;
      await call('POST', `/api/v1/sandbox/orders/${order.id}/advance`, key);
      await call('POST', '/admin/v1/clock/advance', token, { seconds: 60 });
      expect(receiver.received).toHaveLength(2);

      await killAndRestart();
      receiver.mode.value = 'ok';
      await call('POST', '/admin/v1/clock/advance', token, { seconds: 5 * 60 });
      expect(receiver.received).toHaveLength(3);
      const log = (await call('GET', `/api/v1/webhooks/deliveries?orderId=${order.id}`, key)).body.data;
      expect(log[0]).toMatchObject({ status: 'succeeded', attemptCount: 3 });
    } finally {
      await receiver.close();
    }
  });
});

describe('DATA_DIR belongs to one runtime, and a restart keeps the stand-ins where they were', RESTARTS, () => {
  it('a second start on a DATA_DIR in use exits 1 naming the holder, and the first one keeps serving', async () => {
    const second = await startService(serviceEnv).then(
      () => null,
      (err: Error) => err.message,
    );
    expect(second).toMatch(/service exited with 1/);
    expect(second).toContain(`in use by another local runtime (pid ${service?.child.pid}`);
    const { key } = await newPartnerKey('Still Serving Co');
    expect((await call('GET', '/api/v1/orders?limit=1', key)).status).toBe(200);
  });

  it('a document URL and the simulator URL issued before a kill -9 still work after the restart', async () => {
    const { key } = await newPartnerKey('Kept URLs Co');
    const order = (await call('POST', '/api/v1/orders', key, orderBody(['tsh']), { 'Idempotency-Key': randomUUID() }))
      .body;
    await call('POST', `/api/v1/sandbox/orders/${order.id}/advance`, key);
    const { url } = (await call('GET', `/api/v1/orders/${order.id}/requisition`, key)).body as { url: string };
    expect((await fetch(url)).status).toBe(200);
    const simulatorBefore = simulatorUrl();

    await killAndRestart();

    expect(simulatorUrl()).toBe(simulatorBefore);
    const again = await fetch(url);
    expect(again.status).toBe(200);
    expect(
      Buffer.from(await again.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
  });

  it('prints progress while starting and "stopping..." on Ctrl-C, then frees DATA_DIR', async () => {
    expect(service?.output()).toMatch(/Starting DynamoDB Local\.\.\.[\s\S]*listening on http/);
    await service?.stop('SIGINT');
    expect(service?.output()).toContain('stopping...');
    expect(service?.child.exitCode).toBe(0);
    expect(existsSync(join(dataDir, 'runtime.lock'))).toBe(false);
    service = await startService(serviceEnv);
  });
});

// The Stripe simulator runs inside the service; DATA_DIR keeps its port across restarts.
const simulatorUrl = () => /Stripe simulator: (http:\/\/\S+)/.exec(service?.output() ?? '')?.[1] as string;
const intentsOf = async (partnerId: string) =>
  (
    (await (await fetch(`${simulatorUrl()}/_sim/intents`)).json()) as Array<{
      id: string;
      status: string;
      metadata: Record<string, string>;
    }>
  ).filter((i) => i.metadata.partnerId === partnerId);
const hangStripe = (hangNext: number, hangMs: number) =>
  fetch(`${simulatorUrl()}/_sim/faults`, { method: 'POST', body: JSON.stringify({ hangNext, hangMs }) });

async function newPartnerKey(name: string) {
  const partner = (await call('POST', '/admin/v1/partners', token, { name, paymentMethod: 'pm_card_visa' })).body;
  const key = (await call('POST', `/admin/v1/partners/${partner.id}/keys`, token, { environment: 'test' })).body
    .key as string;
  return { partnerId: partner.id as string, key };
}

describe('when the payment provider does not answer', RESTARTS, () => {
  it('a timeout after the charge took effect: 502 payment_provider_error, then the same key finds that charge instead of making another', async () => {
    const { partnerId, key } = await newPartnerKey('Timeout Co');
    const idem = randomUUID();
    const body = orderBody(['tsh']);
    await hangStripe(2, 10_000); // the call and the SDK's one retry both go unanswered
    const first = await call('POST', '/api/v1/orders', key, body, { 'Idempotency-Key': idem });
    expect(first.status).toBe(502);
    expect(first.body.error.code).toBe('payment_provider_error');
    const charged = await intentsOf(partnerId);
    expect(charged.map((i) => i.status)).toEqual(['succeeded']); // the provider did charge

    const retry = await call('POST', '/api/v1/orders', key, body, { 'Idempotency-Key': idem });
    expect(retry.status).toBe(201);
    expect(retry.body.payment.paymentIntentId).toBe(charged[0]?.id);
    expect(await intentsOf(partnerId)).toHaveLength(1);
    expect((await call('GET', '/api/v1/orders?limit=100', key)).body.data).toHaveLength(1);
  });

  it('kill -9 while a request waits on the provider: after the restart the key finishes that charge, once', async () => {
    const { partnerId, key } = await newPartnerKey('Killed Mid-Request Co');
    const idem = randomUUID();
    const body = orderBody(['tsh']);
    await hangStripe(2, 60_000);
    const inFlight = call('POST', '/api/v1/orders', key, body, { 'Idempotency-Key': idem }).catch(
      (err: unknown) => err,
    );
    // Kill once the charge exists at the provider but before the order does.
    for (let i = 0; i < 100 && (await intentsOf(partnerId)).length === 0; i++)
      await new Promise((r) => setTimeout(r, 50));
    expect(await intentsOf(partnerId)).toHaveLength(1);
    await killAndRestart();
    expect(await inFlight).toBeInstanceOf(Error); // the connection died with the process

    // The dead request's lease still holds the key: the charge may be in flight, so no second one.
    const held = await call('POST', '/api/v1/orders', key, body, { 'Idempotency-Key': idem });
    expect(held.status).toBe(409);
    expect(held.body.error.code).toBe('payment_in_flight');
    await call('POST', '/admin/v1/clock/advance', token, { seconds: 31 });
    const finished = await call('POST', '/api/v1/orders', key, body, { 'Idempotency-Key': idem });
    expect(finished.status).toBe(201);
    const intents = await intentsOf(partnerId);
    expect(intents).toHaveLength(1);
    expect(finished.body.payment.paymentIntentId).toBe(intents[0]?.id);
    expect((await call('GET', '/api/v1/orders?limit=100', key)).body.data).toHaveLength(1);
  });
});
