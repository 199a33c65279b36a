import { readFileSync, readdirSync } from 'node:fs';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { api, newPartner, placeOrder, type TestPartner } from '../support/partner.js';
import { getJson } from '../support/http.js';
import { parseOru, placerOrderNumbers } from '../../shared/domain/results/hl7.js';

// The lab's own inbound interface (POST /lab/v1/oru, as the lab): every published fixture, and
// the lab's ordinary later traffic: preliminaries, corrections, deletions.
let partner: TestPartner;
beforeAll(async () => {
  partner = await newPartner({ webhookUrl: null });
});
const dir = new URL('../fixtures/hl7/', import.meta.url);
const fixture = (name: string) => readFileSync(new URL(name, dir), 'latin1');
const postOru = (body: string, token = inject('labToken')) =>
  getJson('/lab/v1/oru', {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/hl7-v2' },
    body,
  });
const readyOrder = async (items = ['cbc']) => {
  const order = (await placeOrder(partner, items)).body;
  expect((await api(partner, 'POST', `/sandbox/orders/${order.id}/advance`)).body.status).toBe('requisition_ready');
  return order;
};
const results = async (id: string) => (await api(partner, 'GET', `/orders/${id}/results`)).body;
const status = async (id: string) => (await api(partner, 'GET', `/orders/${id}`)).body.status;

/** A message for `orderId` with one OBX per [code, value, status]; OBR-25 is the message's status. */
const oru = (orderId: string, obrStatus: string, obx: Array<[string, string, string]>) =>
  [
    'MSH|^~\\&|REFLAB|REFLAB|LABTESTS|LABTESTS|20261125090000+0000||ORU^R01^ORU_R01|M' + Math.random() + '|P|2.5.1',
    'PID|1||X^^^REFLAB||DOE^JANE',
    `ORC|RE|${orderId}|ACC9`,
    `OBR|1|${orderId}|ACC9|100010^CBC^L|||20261125080000+0000||||||||||||||||||${obrStatus}`,
    ...obx.map(
      ([code, value, st], i) =>
        `OBX|${i + 1}|NM|${code}^Analyte ${code}^LN||${value}|g/dL|12.6-17.7|||${st}|||20261125085900+0000`,
    ),
  ].join('\r');

describe('POST /lab/v1/oru: results as the lab sends them', () => {
  it('is the lab’s: the operator token is refused', async () => {
    const order = await readyOrder();
    const res = await postOru(oru(order.id, 'F', [['718-7', '13.1', 'F']]), inject('adminToken'));
    expect(res.status).toBe(401);
  });

  const names = readdirSync(dir).filter((f) => f.endsWith('.hl7'));
  it.each(names)('fixture %s', async (name) => {
    const text = fixture(name);
    const parsed = parseOru(text);
    const order = await readyOrder();
    let body = text;
    if (parsed.ok) for (const p of placerOrderNumbers(parsed.result)) body = body.replaceAll(p, order.id);
    const res = await postOru(body);
    if (!parsed.ok || placerOrderNumbers(parsed.result).length === 0) {
      // 04 (specimen rejected, no OBX) and 02 (a public-health report naming no order) are refused whole.
      expect(res.status).toBe(400);
      expect(await status(order.id)).toBe('requisition_ready');
      return;
    }
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ orderId: order.id, analytes: parsed.result.analytes.length });
    expect(await status(order.id)).toBe('results_ready');
    expect((await results(order.id)).analytes).toHaveLength(parsed.result.analytes.length);
  });

  it('preliminary results are kept but do not report the order; the finals do', async () => {
    const order = await readyOrder();
    const pre = await postOru(oru(order.id, 'P', [['718-7', '13.0', 'P']]));
    expect(pre.body).toMatchObject({ report: 'preliminary' });
    expect(await status(order.id)).toBe('requisition_ready');
    expect((await api(partner, 'GET', `/orders/${order.id}/results`)).body.error.code).toBe('not_ready');
    const fin = await postOru(oru(order.id, 'F', [['789-8', '4.9', 'F']]));
    expect(fin.body).toMatchObject({ report: 'final' });
    expect(await status(order.id)).toBe('results_ready');
    const codes = (await results(order.id)).analytes.map((a: { labTestCode: string }) => a.labTestCode);
    expect(codes).toEqual(['718-7', '789-8']);
  });

  it('a corrected result after results_ready replaces the value, keeps the history, and is announced again', async () => {
    const order = await readyOrder();
    await postOru(
      oru(order.id, 'F', [
        ['718-7', '19.5', 'F'],
        ['789-8', '4.9', 'F'],
      ]),
    );
    const first = await results(order.id);
    const corrected = await postOru(oru(order.id, 'C', [['718-7', '14.2', 'C']]));
    expect(corrected.status).toBe(200);
    expect(corrected.body.report).toBe('correction');
    const after = await results(order.id);
    const hgb = after.analytes.find((a: { labTestCode: string }) => a.labTestCode === '718-7');
    expect(hgb).toMatchObject({ value: 14.2, flag: 'normal' });
    expect(hgb.corrections).toEqual([{ value: 19.5, valueText: null, flag: 'high', reportedAt: expect.any(String) }]);
    expect(after.analytes.find((a: { labTestCode: string }) => a.labTestCode === '789-8').value).toBe(4.9);
    expect(after.pdfs[0].url).not.toBe(first.pdfs[0].url);
    // Two order.results_ready deliveries, each with its own id.
    const deliveries = await getJson(`/admin/v1/deliveries?orderId=${order.id}`, {
      headers: { Authorization: `Bearer ${inject('adminToken')}` },
    });
    const ready = (deliveries.body.data as Array<{ id: string; type: string }>).filter(
      (d) => d.type === 'order.results_ready',
    );
    expect(new Set(ready.map((d) => d.id)).size).toBe(2);
    // A plain final resent after results_ready is still refused: only corrections amend.
    expect((await postOru(oru(order.id, 'F', [['718-7', '13.3', 'F']]))).status).toBe(409);
  });

  it('a deletion withdraws the analyte: notReported, flag null, unit kept', async () => {
    const order = await readyOrder();
    await postOru(
      oru(order.id, 'F', [
        ['718-7', '13.5', 'F'],
        ['789-8', '4.9', 'F'],
      ]),
    );
    expect((await postOru(oru(order.id, 'C', [['789-8', '', 'D']]))).status).toBe(200);
    const rbc = (await results(order.id)).analytes.find((a: { labTestCode: string }) => a.labTestCode === '789-8');
    expect(rbc).toMatchObject({ value: null, notReported: true, flag: null, unit: 'g/dL' });
    expect(rbc.corrections).toHaveLength(1);
  });

  it('results for a cancelled order are refused', async () => {
    const order = (await placeOrder(partner, ['tsh'])).body;
    expect((await api(partner, 'DELETE', `/orders/${order.id}`)).status).toBe(200);
    const res = await postOru(oru(order.id, 'F', [['718-7', '13.1', 'F']]));
    expect(res.status).toBe(409);
    expect(res.body.error.message).toMatch(/cancelled/);
  });
});
