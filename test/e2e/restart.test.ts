import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { startService, type RunningService } from '../support/local-service.js';
import { orderBody } from '../support/partner.js';
import { startReceiver } from '../support/receiver.js';

const dataDir = mkdtempSync(join(tmpdir(), 'lab-restart-'));
const token = 'restart-admin-token-0123456789';
let service: RunningService | null = null;
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

describe('a restart loses nothing', () => {
  it('kill -9 between creation and placement: after restart the order, its charge and its key are all there, and it is placed on time', async () => {
    service = await startService({ DATA_DIR: dataDir, ADMIN_TOKEN: token });
    const partner = (await call('POST', '/admin/v1/partners', token, { name: 'Restart Co', paymentMethod: 'pm_card_visa' })).body;
    const key = (await call('POST', `/admin/v1/partners/${partner.id}/keys`, token, { environment: 'test' })).body.key as string;
    const idem = randomUUID();
    const body = orderBody(['tsh']);
    const created = await call('POST', '/api/v1/orders', key, body, { 'Idempotency-Key': idem });
    expect(created.status).toBe(201);
    await call('POST', '/admin/v1/clock/advance', token, { seconds: 30 * 60 });

    await service.stop('SIGKILL');
    service = await startService({ DATA_DIR: dataDir, ADMIN_TOKEN: token });

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
      const partner = (await call('POST', '/admin/v1/partners', token, { name: 'Hooks Co', paymentMethod: 'pm_card_visa', webhookUrl: receiver.url })).body;
      await call('POST', `/admin/v1/partners/${partner.id}/webhook-secret`, token);
      const key = (await call('POST', `/admin/v1/partners/${partner.id}/keys`, token, { environment: 'test' })).body.key as string;
      const order = (await call('POST', '/api/v1/orders', key, orderBody(['tsh']), { 'Idempotency-Key': randomUUID() })).body;
      await call('POST', `/api/v1/sandbox/orders/${order.id}/advance`, key);
      await call('POST', '/admin/v1/clock/advance', token, { seconds: 60 });
      expect(receiver.received).toHaveLength(2);

      await service?.stop('SIGKILL');
      service = await startService({ DATA_DIR: dataDir, ADMIN_TOKEN: token });
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
