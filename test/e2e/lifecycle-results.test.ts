import { readFileSync } from 'node:fs';
import { inject, beforeAll, describe, expect, it } from 'vitest';
import { admin, api, newPartner, type TestPartner } from '../support/partner.js';
import { getJson } from '../support/http.js';
import { sandboxOrderHelpers } from '../support/sandbox-orders.js';

// Results that arrive from outside the sandbox; the sandbox lifecycle itself is in lifecycle.test.ts.

let partner: TestPartner;
beforeAll(async () => {
  partner = await newPartner();
});

const { newOrder, advance, cancelReason } = sandboxOrderHelpers(() => partner);

describe('results from outside the sandbox', () => {
  const fixture = (name: string) => readFileSync(new URL(`../fixtures/hl7/${name}`, import.meta.url), 'latin1');
  const postOru = (body: string) =>
    getJson('/admin/v1/lab/oru', {
      method: 'POST',
      headers: { Authorization: `Bearer ${inject('adminToken')}`, 'Content-Type': 'application/hl7-v2' },
      body,
    });

  it('ingests a real lab ORU message for an order: flags mapped from the lab', async () => {
    const order = await newOrder(['cbc']);
    await advance(order.id);
    const res = await postOru(fixture('05-nist-lri-cbc-flags-n-l-hh-a-v251.hl7').replaceAll('ORD666555', order.id));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ orderId: order.id, analytes: 28 });
    const results = (await api(partner, 'GET', `/orders/${order.id}/results`)).body;
    const by = (code: string) => results.analytes.find((a: { labTestCode: string }) => a.labTestCode === code);
    expect(by('718-7')).toMatchObject({ value: 12.5, flag: 'low', referenceRangeLow: 13, referenceRangeHigh: 18 });
    expect(by('26464-8')).toMatchObject({ flag: 'critical_high' });
  });

  it('refuses malformed or rejected messages whole, naming the problem, storing nothing', async () => {
    const order = await newOrder(['cbc']);
    await advance(order.id);
    for (const [body, pattern] of [
      ['hello', /first segment must be MSH/],
      [
        fixture('04-nist-lri-esr-rejected-no-obx-v251.hl7').replaceAll('ORD723222', order.id),
        /no OBX results.*rejected/,
      ],
      ['MSH|^~\\&|A|B|C|D|20200101||ADT^A01|1|P|2.5.1\r', /expected ORU\^R01/],
    ] as const) {
      const res = await postOru(body);
      expect(res.status).toBe(400);
      expect(res.body.error.message).toMatch(pattern);
    }
    expect((await api(partner, 'GET', `/orders/${order.id}`)).body.status).toBe('requisition_ready');
    expect((await postOru(fixture('05-nist-lri-cbc-flags-n-l-hh-a-v251.hl7'))).status).toBe(404);
    // A placer number no id of ours could be (far too long for a store key) is an unknown order too.
    expect(
      (await postOru(fixture('05-nist-lri-cbc-flags-n-l-hh-a-v251.hl7').replaceAll('ORD666555', 'X'.repeat(3000))))
        .status,
    ).toBe(404);
  });

  it('operator upload: refused before placement (naming the state), and for analytes of no ordered test unless marked', async () => {
    const order = await newOrder(['tsh']);
    const tsh = { name: 'TSH', labTestCode: '3016-3', value: 1.2, unit: 'uIU/mL', referenceRange: '0.45-4.5' };
    const early = await admin('POST', `/orders/${order.id}/results`, { analytes: [tsh] });
    expect(early.status).toBe(409);
    expect(early.body.error.details).toMatchObject({ reason: 'not_placed', state: 'scheduled' });
    expect(early.body.error.message).toContain('scheduled');
    expect(await cancelReason(order.id)).toBe(undefined); // the partner's cancel still works: it cancelled
    const placed = await newOrder(['tsh']);
    await advance(placed.id);
    const hgb = { name: 'Hemoglobin', labTestCode: '718-7', value: 13, unit: 'g/dL', referenceRange: '12.6-17.7' };
    const foreign = await admin('POST', `/orders/${placed.id}/results`, { analytes: [tsh, hgb] });
    expect(foreign.status).toBe(400);
    expect(foreign.body.error.details.fields).toEqual({ 'analytes[1]': 'belongs to no ordered test' });
    const marked = await admin('POST', `/orders/${placed.id}/results`, {
      analytes: [tsh, { ...hgb, unordered: true }],
    });
    expect(marked.status).toBe(200);
    expect((await api(partner, 'GET', `/orders/${placed.id}/results`)).body.analytes[1]).not.toHaveProperty(
      'unordered',
    );
  });

  it('operator upload: analytes and a PDF, source operator_upload, flag judged from the range when absent', async () => {
    const order = await newOrder(['tsh']);
    await advance(order.id);
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF').toString('base64');
    const res = await admin('POST', `/orders/${order.id}/results`, {
      analytes: [
        {
          name: 'TSH',
          labTestCode: '3016-3',
          value: 7.9,
          unit: 'uIU/mL',
          referenceRange: '0.45-4.5',
          referenceRangeLow: 0.45,
          referenceRangeHigh: 4.5,
        },
        // Bounds given only as the range text are read from it.
        {
          name: 'Hemoglobin',
          labTestCode: '718-7',
          value: 11.9,
          unit: 'g/dL',
          referenceRange: '12.6-17.7',
          unordered: true,
        },
        {
          name: 'Cholesterol',
          labTestCode: '2093-3',
          value: 150,
          unit: 'mg/dL',
          referenceRange: '<200',
          unordered: true,
        },
      ],
      pdfs: [{ label: 'Outside lab report', contentBase64: pdf }],
    });
    expect(res.status).toBe(200);
    const results = (await api(partner, 'GET', `/orders/${order.id}/results`)).body;
    expect(results.source).toBe('operator_upload');
    expect(results.analytes[0]).toMatchObject({ flag: 'high', notReported: false });
    expect(results.analytes[1]).toMatchObject({ flag: 'low', referenceRangeLow: 12.6, referenceRangeHigh: 17.7 });
    expect(results.analytes[2]).toMatchObject({ flag: 'normal', referenceRangeLow: null, referenceRangeHigh: 200 });
    expect(results.pdfs[0].label).toBe('Outside lab report');
    const again = await admin('POST', `/orders/${order.id}/results`, {
      analytes: [{ name: 'TSH', labTestCode: '3016-3', value: 1 }],
    });
    expect(again.status).toBe(409);
  });
});
