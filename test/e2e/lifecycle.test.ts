import { inject, beforeAll, describe, expect, it } from 'vitest';
import { admin, api, newPartner, type TestPartner } from '../support/partner.js';
import { sandboxOrderHelpers } from '../support/sandbox-orders.js';

let partner: TestPartner;
beforeAll(async () => {
  partner = await newPartner();
});

const { newOrder, advance, simulate, cancelReason } = sandboxOrderHelpers(() => partner);

async function download(url: string) {
  const res = await fetch(url);
  return { status: res.status, type: res.headers.get('content-type'), bytes: Buffer.from(await res.arrayBuffer()) };
}

describe('order lifecycle in the sandbox', () => {
  it('processing -> requisition_ready -> results_ready, with documents and flags that match the values', async () => {
    const order = await newOrder();
    expect((await api(partner, 'GET', `/orders/${order.id}/requisition`)).body.error.code).toBe('not_ready');
    expect((await api(partner, 'GET', `/orders/${order.id}/results`)).body.error.code).toBe('not_ready');

    const placed = await advance(order.id);
    expect(placed.status).toBe(200);
    expect(placed.body.status).toBe('requisition_ready');
    expect(placed.body.requisition).toMatchObject({ status: 'ready', number: expect.stringMatching(/^RQ\d{10}$/) });
    const req = await api(partner, 'GET', `/orders/${order.id}/requisition`);
    expect(req.status).toBe(200);
    expect(Date.parse(req.body.expiresAt) - Date.now()).toBeGreaterThan(14 * 60_000);
    const pdf = await download(req.body.url);
    expect(pdf.status).toBe(200);
    expect(pdf.bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect(await cancelReason(order.id)).toBe('requisition_issued');

    const reported = await advance(order.id);
    expect(reported.body.status).toBe('results_ready');
    const results = await api(partner, 'GET', `/orders/${order.id}/results`);
    expect(results.status).toBe(200);
    expect(results.body).toMatchObject({ status: 'results_ready', source: 'lab_electronic' });
    expect(results.body.pdfs[0]).toMatchObject({
      id: 'pdf_1',
      label: expect.any(String),
      url: expect.any(String),
      expiresAt: expect.any(String),
    });
    expect((await download(results.body.pdfs[0].url)).bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const analytes = results.body.analytes as Array<{
      value: number | null;
      referenceRangeLow: number | null;
      referenceRangeHigh: number | null;
      flag: string | null;
      notReported: boolean;
      labTestCode: string;
    }>;
    expect(analytes.length).toBeGreaterThan(20); // CBC + lipids + the heart panel's members
    for (const a of analytes) {
      if (a.value === null || a.referenceRangeLow === null || a.referenceRangeHigh === null) continue;
      if (a.value < a.referenceRangeLow) expect(['low', 'critical_low']).toContain(a.flag);
      else if (a.value > a.referenceRangeHigh) expect(['high', 'critical_high']).toContain(a.flag);
      else expect(['normal', 'borderline_low', 'borderline_high']).toContain(a.flag);
    }
    expect(analytes.some((a) => a.labTestCode === '2093-3')).toBe(true); // total cholesterol, LOINC
    expect((await advance(order.id)).status).toBe(400);
  });

  it('a fresh signed URL on every call', async () => {
    const order = await newOrder(['tsh']);
    await advance(order.id);
    const first = await api(partner, 'GET', `/orders/${order.id}/requisition`);
    await admin('POST', '/clock/advance', { seconds: 0 });
    await new Promise((r) => setTimeout(r, 1100));
    const second = await api(partner, 'GET', `/orders/${order.id}/requisition`);
    expect(second.body.url).not.toBe(first.body.url);
    expect(Date.parse(second.body.expiresAt)).toBeGreaterThan(Date.parse(first.body.expiresAt));
  });

  it("a requisition URL fetched after 16 minutes of service clock is refused with S3's 403 AccessDenied", async () => {
    const order = await newOrder(['tsh']);
    await advance(order.id);
    const { url } = (await api(partner, 'GET', `/orders/${order.id}/requisition`)).body;
    expect((await download(url)).status).toBe(200);
    await admin('POST', '/clock/advance', { seconds: 16 * 60 });
    const late = await download(url);
    expect(late.status).toBe(403);
    expect(late.bytes.toString()).toContain('<Code>AccessDenied</Code>');
    const listing = await fetch(`${new URL(url).origin}/${new URL(url).pathname.split('/')[1]}`);
    expect(listing.status).toBe(403);
  });

  it('placement happens by itself once the clock passes 60 minutes', async () => {
    const order = await newOrder(['tsh']);
    await admin('POST', '/clock/advance', { seconds: 59 * 60 });
    expect((await api(partner, 'GET', `/orders/${order.id}`)).body.status).toBe('processing');
    const ran = await admin('POST', '/clock/advance', { seconds: 61 });
    expect(ran.body.ran.schedules).toBeGreaterThanOrEqual(1); // the order's own placement schedule fired
    expect((await api(partner, 'GET', `/orders/${order.id}`)).body.status).toBe('requisition_ready');
  });

  it.each([
    ['placement_unconfirmed', 'may_exist_at_lab'],
    ['external_draft', 'external_draft_exists'],
    ['placement_in_progress', 'placing'],
    ['placed_awaiting_requisition', 'placed'],
    ['lab_rejects', 'external_draft_exists'],
  ])('scenario %s: status stays processing and cancel says %s', async (scenario, reason) => {
    const order = await newOrder(['tsh']);
    const res = await simulate(order.id, scenario);
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('processing');
    expect(await cancelReason(order.id)).toBe(reason);
  });

  it('placed_awaiting_requisition: advance issues the requisition first (and tells the partner), then results', async () => {
    const order = await newOrder(['lipid-panel']);
    await simulate(order.id, 'placed_awaiting_requisition');
    const issued = await advance(order.id);
    expect(issued.body.status).toBe('requisition_ready');
    expect(issued.body.requisition.number).toMatch(/^RQ\d{10}$/);
    const deliveries = await admin('GET', `/deliveries?orderId=${order.id}`);
    expect(deliveries.body.data.map((d: { type: string }) => d.type)).toContain('order.requisition_ready');
    expect((await advance(order.id)).body.status).toBe('results_ready');
  });

  it('lab_slow: the lab takes a few seconds to acknowledge; the order is still placed', async () => {
    const order = await newOrder(['tsh']);
    const res = await simulate(order.id, 'lab_slow');
    expect(res.body.status).toBe('requisition_ready');
  });

  it('critical_results and withheld_analyte shape the next results', async () => {
    const critical = await newOrder(['cbc']);
    await simulate(critical.id, 'critical_results');
    await advance(critical.id);
    await advance(critical.id);
    const c = (await api(partner, 'GET', `/orders/${critical.id}/results`)).body.analytes;
    expect(c.some((a: { flag: string }) => a.flag === 'critical_high')).toBe(true);
    const withheld = await newOrder(['cbc']);
    await simulate(withheld.id, 'withheld_analyte');
    await advance(withheld.id);
    await advance(withheld.id);
    const w = (await api(partner, 'GET', `/orders/${withheld.id}/results`)).body.analytes;
    expect(
      w.filter(
        (a: { notReported: boolean; flag: string | null; value: number | null }) =>
          a.notReported && a.flag === null && a.value === null,
      ),
    ).toHaveLength(1);
    // A withheld analyte keeps its unit.
    expect(w.find((a: { notReported: boolean }) => a.notReported).unit).not.toBe('');
  });

  it('refund_pending: a cancellation that cannot be refunded inline', async () => {
    const order = await newOrder(['tsh']);
    await simulate(order.id, 'refund_pending');
    const res = await api(partner, 'DELETE', `/orders/${order.id}`);
    expect(res.body).toMatchObject({ status: 'cancelled', refund: 'pending' });
  });

  it('a refund the provider refused during the cancel is issued by the recovery sweep, once; a rehearsed one stays pending', async () => {
    const stripe = inject('stripeUrl');
    const rehearsed = await newOrder(['tsh']);
    await simulate(rehearsed.id, 'refund_pending');
    expect((await api(partner, 'DELETE', `/orders/${rehearsed.id}`)).body.refund).toBe('pending');
    const order = await newOrder(['tsh']);
    // The provider fails the refund and the SDK's one retry of it.
    await fetch(`${stripe}/_sim/faults`, { method: 'POST', body: JSON.stringify({ failNext: 2 }) });
    const cancelled = await api(partner, 'DELETE', `/orders/${order.id}`);
    await fetch(`${stripe}/_sim/faults`, { method: 'POST', body: JSON.stringify({ failNext: 0 }) });
    expect(cancelled.body).toMatchObject({
      status: 'cancelled',
      refund: 'pending',
      payment: { status: 'refund_pending' },
    });

    await admin('POST', '/clock/advance', { seconds: 31 * 60 });
    const after = await api(partner, 'GET', `/orders/${order.id}`);
    expect(after.body).toMatchObject({ status: 'cancelled', payment: { status: 'refunded' } });
    const refunds = (await (await fetch(`${stripe}/_sim/refunds`)).json()) as Array<{ payment_intent: string }>;
    expect(refunds.filter((r) => r.payment_intent === order.payment.paymentIntentId)).toHaveLength(1);
    expect((await api(partner, 'GET', `/orders/${rehearsed.id}`)).body.payment.status).toBe('refund_pending');
    expect(refunds.filter((r) => r.payment_intent === rehearsed.payment.paymentIntentId)).toHaveLength(0);
  });

  it('unknown scenarios and foreign orders are refused', async () => {
    const order = await newOrder(['tsh']);
    expect((await simulate(order.id, 'meteor_strike')).body.error.code).toBe('validation_error');
    const other = await newPartner();
    expect((await api(other, 'POST', `/sandbox/orders/${order.id}/advance`)).status).toBe(404);
  });
});
