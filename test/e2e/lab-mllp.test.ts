import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startService, type RunningService } from '../support/local-service.js';
import { ack, startTestLab } from '../support/mllp-lab.js';
import { orderBody } from '../support/partner.js';
import { barWidths, decodeCode128, pdfContent } from '../support/pdf.js';

// The runtime pointed at an external lab (LAB_MLLP_URL): a test MLLP server plays the lab, and
// every placement goes through the production adapter.
const token = 'lab-mllp-admin-token-0123456789';
let service: RunningService;
let lab: Awaited<ReturnType<typeof startTestLab>>;
let key: string;
let partnerId: string;

async function call(method: string, path: string, auth: string, body?: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${service.url}${path}`, {
    method,
    headers: { Authorization: `Bearer ${auth}`, 'Content-Type': 'application/json', ...headers },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  return { status: res.status, body: await res.json() };
}
const newOrder = async (items: string[], over: Record<string, unknown> = {}) =>
  (await call('POST', '/api/v1/orders', key, orderBody(items, over), { 'Idempotency-Key': randomUUID() })).body;
const advance = (id: string) => call('POST', `/api/v1/sandbox/orders/${id}/advance`, key);
const cancelReason = async (id: string) =>
  (await call('DELETE', `/api/v1/orders/${id}`, key)).body.error?.details?.reason as string;
const download = async (url: string) => new Uint8Array(await (await fetch(url)).arrayBuffer());
const alertLines = (name: string) =>
  service
    .output()
    .split('\n')
    .filter((l) => l.includes(`"alert":"${name}"`));

beforeAll(async () => {
  lab = await startTestLab();
  service = await startService({ ADMIN_TOKEN: token, LAB_MLLP_URL: lab.url, LAB_ACK_TIMEOUT_MS: '1500' });
  const partner = (await call('POST', '/admin/v1/partners', token, { name: 'Lab Co', paymentMethod: 'pm_card_visa' }))
    .body;
  partnerId = partner.id;
  key = (await call('POST', `/admin/v1/partners/${partner.id}/keys`, token, { environment: 'test' })).body.key;
}, 120_000);
afterAll(async () => {
  await service?.stop();
  await lab?.close();
});

describe('orders to an external lab over MLLP', () => {
  it('prints the lab it talks to', () => {
    expect(service.output()).toContain(`Lab (MLLP): ${lab.url}`);
  });

  it('AA: ORM^O01 with one OBR per test (panels expanded), the patient, the physician, fasting noted; placed', async () => {
    const order = await newOrder(['essential-health-panel', 'hba1c']);
    const placed = await advance(order.id);
    expect(placed.body.status).toBe('requisition_ready');
    const msg = lab.received.at(-1)!;
    const msh = msg.getSegment('MSH')!;
    expect(msh.getComponent(9, 1)).toBe('ORM');
    expect(msh.getComponent(9, 2)).toBe('O01');
    expect(msh.getField(12).toString()).toBe('2.5.1');
    expect(msh.getField(10).toString()).toMatch(/^\w{8,20}$/);
    expect(msg.getSegment('PID')!.getComponent(5, 1)).toBe('Quintero-Blackwood');
    expect(msg.getSegment('PID')!.getField(7).toString()).toBe('19840317');
    expect(msg.getSegment('PID')!.getField(8).toString()).toBe('F');
    const orcs = msg.getAllSegments('ORC');
    const obrs = msg.getAllSegments('OBR');
    expect(orcs.every((o) => o.getField(1).toString() === 'NW' && o.getField(2).toString() === order.id)).toBe(true);
    expect(orcs[0]!.getField(4).toString()).toBe(placed.body.requisition.number);
    expect(orcs[0]!.getComponent(12, 1)).toBe('1234567893');
    // essential-health-panel = cbc, cmp, lipid-panel, tsh; plus hba1c: the lab's own codes.
    const catalog = (await call('GET', '/api/v1/catalog', key)).body;
    const code = (id: string) => catalog.tests.find((t: { id: string }) => t.id === id).labOrderCode;
    expect(obrs.map((o) => o.getComponent(4, 1))).toEqual(['cbc', 'cmp', 'lipid-panel', 'tsh', 'hba1c'].map(code));
    expect(obrs.every((o) => o.getField(2).toString() === order.id)).toBe(true);
    // OBR-18 (placer field 1), returned by a lab with its results: the partner, so they find the order by its key.
    expect(obrs.map((o) => o.getField(18).toString())).toEqual(obrs.map(() => partnerId));
    const lipid = obrs.find((o) => o.getComponent(4, 1) === code('lipid-panel'))!;
    expect(lipid.getField(13).toString()).toMatch(/fasting/i);
    expect(msg.getAllSegments('NK1')).toHaveLength(0);
    // The requisition: the number as a Code 128 barcode, and the lab's accession from ORC-3.
    const req = await call('GET', `/api/v1/orders/${order.id}/requisition`, key);
    const pdf = pdfContent(await download(req.body.url));
    expect(decodeCode128(barWidths(pdf.rects))).toBe(placed.body.requisition.number);
    expect(pdf.text).toContain(`Requisition number: ${placed.body.requisition.number}`);
    expect(pdf.text).toContain('Lab accession: ACC1');
    // Every message has its own control id.
    await advance((await newOrder(['tsh'])).id);
    expect(lab.received.at(-1)!.getSegment('MSH')!.getField(10).toString()).not.toBe(msh.getField(10).toString());
  });

  it('a minor: the guardian travels as NK1', async () => {
    const order = await newOrder(['cbc'], {
      patient: { ...orderBody([]).patient, dateOfBirth: '2014-06-01' },
      guardian: { firstName: 'Ana', lastName: 'Quintero', email: 'ana@example.org', relationship: 'parent' },
    });
    expect((await advance(order.id)).body.status).toBe('requisition_ready');
    const nk1 = lab.received.at(-1)!.getSegment('NK1')!;
    expect(nk1.getComponent(2, 1)).toBe('Quintero');
    expect(nk1.getComponent(3, 1)).toBe('PAR');
  });

  it('AE and AR: not placed, an operator prepares it (external_draft), the alert carries codes only', async () => {
    for (const code of ['AE', 'AR']) {
      lab.next(ack(code, ['ERR||PID^1^5|101^Required field missing^HL70357|E'], 'ACK^O01^ACK'));
      const order = await newOrder(['tsh']);
      expect((await advance(order.id)).body.status).toBe('processing');
      expect(await cancelReason(order.id)).toBe('external_draft_exists');
      const line = alertLines('lab_rejected').find((l) => l.includes(order.id))!;
      expect(line).toContain(`"ackCode":"${code}"`);
      expect(line).toContain('"errorCodes":"101"');
      expect(line).not.toMatch(/Quintero|not on file/);
    }
  });

  it('silence until LAB_ACK_TIMEOUT_MS, a hang-up after the message, an answer to another message: unconfirmed', async () => {
    const wrongId = () => (m: Parameters<ReturnType<typeof ack>>[0]) =>
      ack('AA')(m).replace(/MSA\|AA\|\w+/, 'MSA|AA|SOMEONE-ELSE');
    for (const answer of ['silence', 'drop', wrongId()] as const) {
      lab.next(answer);
      const order = await newOrder(['tsh']);
      expect((await advance(order.id)).body.status).toBe('processing');
      expect(await cancelReason(order.id)).toBe('may_exist_at_lab');
      expect(alertLines('placement_unconfirmed').some((l) => l.includes(order.id))).toBe(true);
    }
  });

  it('connection refused (nothing written): retryable, placed by the sweep once the lab is back', async () => {
    await lab.close();
    const order = await newOrder(['tsh']);
    expect((await advance(order.id)).body.status).toBe('processing');
    expect(alertLines('lab_unreachable').some((l) => l.includes(order.id))).toBe(true);
    const port = lab.port;
    lab = await startTestLab(port);
    // Due again a minute later; the sweep takes it once 5 minutes past due (its next run after that).
    await call('POST', '/admin/v1/clock/advance', token, { seconds: 7 * 60 });
    expect((await call('GET', `/api/v1/orders/${order.id}`, key)).body.status).toBe('requisition_ready');
    expect(lab.received.at(-1)!.getSegment('ORC')!.getField(2).toString()).toBe(order.id);
  });
});
