import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startService, type RunningService } from '../support/local-service.js';
import { startReceiver } from '../support/receiver.js';

// The whole flow on its own runtime with INFO logs, with patient values distinctive enough to grep.
const patient = {
  firstName: 'Zephyrine',
  lastName: 'Quillfeather',
  dateOfBirth: '1979-02-28',
  sex: 'female',
  email: 'zephyrine.quill@example.net',
  phone: '5125550199',
  address: { line1: '4417 Obscurity Lane', city: 'Marfa', state: 'TX', zip: '79843' },
};
const PHI = [
  patient.firstName,
  patient.lastName,
  patient.email,
  patient.phone,
  '1979-02-28',
  'Obscurity Lane',
  'Marfa',
];
const token = 'phi-admin-token-0123456789abcdef';

let service: RunningService;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
const collected: string[] = [];
beforeAll(async () => {
  service = await startService({ ADMIN_TOKEN: token, LOG_LEVEL: 'INFO' });
  receiver = await startReceiver();
});
afterAll(async () => {
  await service?.stop();
  await receiver?.close();
});

async function call(
  method: string,
  path: string,
  auth: string | null,
  body?: unknown,
  headers: Record<string, string> = {},
) {
  const res = await fetch(`${service.url}${path}`, {
    method,
    headers: { ...(auth ? { Authorization: `Bearer ${auth}` } : {}), 'Content-Type': 'application/json', ...headers },
    ...(body !== undefined ? { body: typeof body === 'string' ? body : JSON.stringify(body) } : {}),
  });
  const text = await res.text();
  return { status: res.status, text, json: text.startsWith('{') ? JSON.parse(text) : null };
}

describe('patient data never leaks', () => {
  it('is absent from logs, metrics, webhooks, public responses and error messages across the whole flow', async () => {
    const p = (
      await call('POST', '/admin/v1/partners', token, {
        name: 'PHI Co',
        paymentMethod: 'pm_sim_refund_fails',
        webhookUrl: receiver.url,
      })
    ).json;
    await call('POST', `/admin/v1/partners/${p.id}/webhook-secret`, token);
    const key = (await call('POST', `/admin/v1/partners/${p.id}/keys`, token, { environment: 'test' })).json
      .key as string;
    const order = await call(
      'POST',
      '/api/v1/orders',
      key,
      { externalId: 'ext-1', patient, items: [{ id: 'cbc' }, { id: 'lipid-panel' }] },
      { 'Idempotency-Key': randomUUID() },
    );
    expect(order.status).toBe(201);
    expect(order.text).toContain(patient.lastName); // the partner's own API answer may carry it
    await call('POST', `/api/v1/sandbox/orders/${order.json.id}/advance`, key);
    await call('POST', `/api/v1/sandbox/orders/${order.json.id}/advance`, key);
    const other = await call(
      'POST',
      '/api/v1/orders',
      key,
      { patient, items: [{ id: 'tsh' }] },
      { 'Idempotency-Key': randomUUID() },
    );
    await call('DELETE', `/api/v1/orders/${other.json.id}`, key); // refund fails: an operator alert is logged

    // Error answers built from patient input must not echo it.
    const errors = [
      await call(
        'POST',
        '/api/v1/orders',
        key,
        {
          patient: { ...patient, phone: `${patient.phone}9`, email: `${patient.firstName}@@bad` },
          items: [{ id: 'cbc' }],
        },
        { 'Idempotency-Key': randomUUID() },
      ),
      await call(
        'POST',
        '/api/v1/orders',
        key,
        { patient: { ...patient, address: { ...patient.address, state: 'NY' } }, items: [{ id: 'cbc' }] },
        { 'Idempotency-Key': randomUUID() },
      ),
      await call(
        'POST',
        '/api/v1/orders',
        key,
        { patient: { ...patient, dateOfBirth: '2999-01-01' }, items: [{ id: 'cbc' }] },
        { 'Idempotency-Key': randomUUID() },
      ),
      await call('POST', '/api/v1/orders', key, `{"patient": {"firstName": "${patient.firstName}"`, {
        'Idempotency-Key': randomUUID(),
      }),
    ];
    for (const e of errors) expect(e.status).toBe(400);
    collected.push(...errors.map((e) => e.text));
    const publicAnswers = await Promise.all(
      ['/api/public/v1/quote?items=cbc&state=tx', '/api/tests', '/api/catalog', '/tests/cbc', '/cart?items=cbc'].map(
        (p2) => call('GET', p2, null),
      ),
    );
    collected.push(...publicAnswers.map((a) => a.text));
    collected.push(...receiver.received.map((r) => r.rawBody + JSON.stringify(r.headers)));
    expect(receiver.received.length).toBeGreaterThanOrEqual(3);
    const logs = service.output();
    expect(logs).toContain('operator alert'); // the logs were really captured
    expect(logs).toContain('"route"');
    expect(logs).toMatch(/"_aws":\{.*"OperatorAlerts"/); // and so were the metrics (embedded metric format)
    collected.push(logs);
    for (const value of PHI)
      for (const text of collected) expect(text.includes(value), `"${value}" leaked`).toBe(false);
  });
});
