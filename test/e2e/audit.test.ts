import { beforeAll, describe, expect, inject, it } from 'vitest';
import { baseUrl, getJson, type JsonResponse } from '../support/http.js';
import { startReceiver } from '../support/receiver.js';
import { operatorResultsMessage } from '../support/sandbox-orders.js';
import { adultPatient, admin, api, newPartner, placeOrder, type TestPartner } from '../support/partner.js';

// The audit trail over HTTP: each audited action leaves exactly one record naming its principal,
// action and targets, and no record holds a patient value.
interface AuditRecord {
  id: string;
  at: string;
  action: string;
  outcome: string;
  principal: { type: 'partner'; partnerId: string; keyId: string } | { type: 'operator'; id: string };
  orderId: string | null;
  partnerId: string | null;
  subjectId: string | null;
  requestId: string | null;
}

async function trail(filter: string): Promise<AuditRecord[]> {
  const out: AuditRecord[] = [];
  let cursor: string | null = null;
  do {
    const res: JsonResponse = await admin(
      'GET',
      `/audit?${filter}&limit=3${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
    );
    expect(res.status).toBe(200);
    out.push(...res.body.data);
    cursor = res.body.nextCursor;
  } while (cursor);
  return out;
}

const PATIENT_VALUES = [
  adultPatient.firstName,
  adultPatient.lastName,
  adultPatient.dateOfBirth,
  adultPatient.email,
  adultPatient.phone,
  adultPatient.address.line1,
];

let partner: TestPartner;
let other: TestPartner;
beforeAll(async () => {
  [partner, other] = await Promise.all([newPartner(), newPartner()]);
});

describe('audit trail', () => {
  it('records every read and change of an order once, with the right principal, and never a patient value', async () => {
    const order = (await placeOrder(partner, ['tsh'])).body;
    const second = (await placeOrder(partner, ['tsh'])).body;
    expect((await api(partner, 'GET', `/orders/${order.id}`)).status).toBe(200);
    const listed = await api(partner, 'GET', '/orders?limit=100');
    expect(listed.body.data.map((o: { id: string }) => o.id)).toEqual(expect.arrayContaining([order.id, second.id]));
    expect((await api(partner, 'POST', `/sandbox/orders/${order.id}/advance`)).status).toBe(200);
    expect((await api(partner, 'GET', `/orders/${order.id}/requisition`)).status).toBe(200);
    const upload = await admin('POST', `/orders/${order.id}/results`, {
      analytes: [{ name: 'TSH', labTestCode: '3016-3', value: 2.1, unit: 'uIU/mL', referenceRange: '0.45-4.5' }],
    });
    expect(upload.status).toBe(200);
    expect((await api(partner, 'GET', `/orders/${order.id}/results`)).status).toBe(200);
    expect((await api(partner, 'DELETE', `/orders/${second.id}`)).status).toBe(200);
    // Another partner probing the order id: refused as unknown, and recorded as such.
    expect((await api(other, 'GET', `/orders/${order.id}`)).status).toBe(404);

    const records = await trail(`orderId=${order.id}`);
    const byPartner = { type: 'partner', partnerId: partner.id, keyId: partner.keyId };
    const summary = records.map((r) => [r.action, r.outcome, r.principal]);
    expect(summary).toEqual(
      expect.arrayContaining([
        ['order.created', 'success', byPartner],
        ['order.read', 'success', byPartner],
        ['order.list', 'success', byPartner],
        ['requisition.url_issued', 'success', byPartner],
        ['results.uploaded', 'success', { type: 'operator', id: 'local-operator' }],
        ['results.url_issued', 'success', byPartner],
        ['order.read', 'not_found', { type: 'partner', partnerId: other.id, keyId: other.keyId }],
      ]),
    );
    expect(records).toHaveLength(7); // exactly one record each, nothing else
    // The operator's upload is filed under the order's partner too.
    expect(records.find((r) => r.action === 'results.uploaded')?.partnerId).toBe(partner.id);
    for (const r of records) {
      expect(r.orderId).toBe(order.id);
      expect(r.requestId).toMatch(/^[0-9a-f-]{36}$/);
    }
    expect(records.filter((r) => r.principal.type === 'partner' && r.principal.partnerId === partner.id)).toSatisfy(
      (rs: AuditRecord[]) => rs.every((r) => r.partnerId === partner.id),
    );
    // Newest first, by the service clock.
    expect(records.map((r) => r.at)).toEqual([...records.map((r) => r.at)].sort().reverse());
    expect((await trail(`orderId=${second.id}`)).map((r) => r.action).sort()).toEqual([
      'order.cancelled',
      'order.created',
      'order.list',
    ]);

    const everything = JSON.stringify([...records, ...(await trail(`partnerId=${partner.id}`))]);
    for (const value of PATIENT_VALUES) expect(everything).not.toContain(value);
  });

  it("records a lab's results message under the order and its partner", async () => {
    const order = (await placeOrder(partner, ['cbc'])).body;
    expect((await api(partner, 'POST', `/sandbox/orders/${order.id}/advance`)).status).toBe(200);
    const res = await getJson('/admin/v1/lab/oru', operatorResultsMessage(order.id));
    expect(res.status).toBe(200);
    const ingested = (await trail(`orderId=${order.id}`)).filter((r) => r.action === 'results.ingested');
    expect(ingested).toEqual([
      expect.objectContaining({
        outcome: 'success',
        principal: { type: 'operator', id: 'local-operator' },
        orderId: order.id,
        partnerId: partner.id,
      }),
    ]);
  });

  it('records operator actions on a partner under the partner, naming the key they concerned', async () => {
    const p = await newPartner();
    expect((await admin('PATCH', `/partners/${p.id}`, { name: 'Renamed' })).status).toBe(200);
    expect((await admin('POST', `/partners/${p.id}/webhook-secret`)).status).toBe(201);
    expect((await admin('DELETE', `/partners/${p.id}/keys/${p.keyId}`)).status).toBe(200);
    const records = await trail(`partnerId=${p.id}`);
    expect(records.map((r) => [r.action, r.subjectId]).reverse()).toEqual([
      ['partner.created', null],
      ['key.created', p.keyId],
      ['partner.updated', null],
      ['webhook.secret_rotated', null],
      ['key.revoked', p.keyId],
    ]);
    for (const r of records) {
      expect(r).toMatchObject({
        partnerId: p.id,
        outcome: 'success',
        principal: { type: 'operator', id: 'local-operator' },
      });
    }
    // A refused change is recorded with its outcome.
    expect((await admin('DELETE', `/partners/${p.id}/keys/key_unknown`)).status).toBe(404);
    expect((await trail(`partnerId=${p.id}`))[0]).toMatchObject({ action: 'key.revoked', outcome: 'not_found' });
  });

  it("files an operator's webhook replay under its order and the order's partner, read from the delivery (no order lookup)", async () => {
    const receiver = await startReceiver();
    try {
      const p = await newPartner({ webhookUrl: receiver.url });
      const order = (await placeOrder(p, ['tsh'])).body;
      await api(p, 'POST', `/sandbox/orders/${order.id}/advance`);
      const [delivery] = (await api(p, 'GET', `/webhooks/deliveries?orderId=${order.id}`)).body.data;
      const res = await fetch(`${baseUrl()}/admin/v1/deliveries/${encodeURIComponent(delivery.id)}/replay`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${inject('adminToken')}` },
      });
      expect(res.status).toBe(200);
      // The delivery, its partner, the attempt's record and the audit record: the order is never read.
      expect(res.headers.get('x-local-dynamodb-commands')).toBe(
        'GetItemCommand,GetItemCommand,PutItemCommand,PutItemCommand',
      );
      const [record] = await trail(`orderId=${order.id}`);
      expect(record).toMatchObject({
        action: 'delivery.replayed',
        outcome: 'success',
        orderId: order.id,
        partnerId: p.id,
        subjectId: delivery.id,
        principal: { type: 'operator', id: 'local-operator' },
      });
    } finally {
      await receiver.close();
    }
  });

  it('answers a list read with one record per order returned, and none for an empty page', async () => {
    const fresh = await newPartner();
    expect((await api(fresh, 'GET', '/orders')).body.data).toEqual([]);
    const orders = [(await placeOrder(fresh, ['tsh'])).body, (await placeOrder(fresh, ['tsh'])).body];
    expect((await api(fresh, 'GET', '/orders?limit=1')).body.data).toHaveLength(1);
    const lists = (await trail(`partnerId=${fresh.id}`)).filter((r) => r.action === 'order.list');
    expect(lists).toHaveLength(1);
    expect(lists[0]?.orderId).toBe(orders[1]?.id); // newest first: the page held the second order
  });

  it('validates its query: exactly one of orderId and partnerId, limit 1-100, a cursor it issued', async () => {
    for (const q of ['', 'orderId=a&partnerId=b', 'orderId=a&limit=0', 'orderId=a&limit=101', 'orderId=a&cursor=x.y'])
      expect((await admin('GET', `/audit?${q}`)).body.error.code, q).toBe('validation_error');
    const page = await admin('GET', `/audit?partnerId=${partner.id}&limit=1`);
    expect(page.body.data).toHaveLength(1);
    expect(page.body.nextCursor).toEqual(expect.any(String));
    // A cursor is bound to its filter.
    const elsewhere = await admin('GET', `/audit?partnerId=${other.id}&cursor=${page.body.nextCursor}`);
    expect(elsewhere.status).toBe(400);
    expect((await admin('GET', '/audit?orderId=order_unknown')).body).toEqual({ data: [], nextCursor: null });
  });
});
