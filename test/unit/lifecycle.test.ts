import { beforeEach, describe, expect, it } from 'vitest';
import { placeDueOrders, placeOrder, type PlaceOrderDeps } from '../../shared/app/place-order.js';
import { cancelOrder, type CancelOrderDeps } from '../../shared/app/cancel-order.js';
import { cancelDecision, PUBLIC_STATUS, type OrderRecord, type OrderState } from '../../shared/domain/order.js';
import { simulatedLab } from '../../shared/adapters/simulated-lab.js';
import { MemoryOrders, ScriptedPayments } from '../support/fakes.js';

let now = Date.parse('2026-11-23T10:00:00Z');
let orders: MemoryOrders;
let payments: ScriptedPayments;
let alerts: string[];
let delivered: string[];

const order = (id: string, over: Partial<OrderRecord> = {}): OrderRecord =>
  ({
    id,
    partnerId: 'ptr_1',
    externalId: null,
    state: 'scheduled',
    version: 1,
    createdAt: new Date(now).toISOString(),
    updatedAt: '',
    payment: { status: 'succeeded', amountCents: 100, currency: 'usd', paymentIntentId: `pi_${id}`, refundId: null },
    placementDueAt: new Date(now + 3600_000).toISOString(),
    requisitionNumber: null,
    requisitionIssuedAt: null,
    resultsReportedAt: null,
    cancelledAt: null,
    ...over,
  }) as OrderRecord;

const placeDeps = (): PlaceOrderDeps => ({
  orders,
  lab: simulatedLab,
  now: () => new Date(now),
  alert: (e) => alerts.push(e),
  issueRequisition: async () => undefined,
  deliverNow: async (events) => void delivered.push(...events.map((e) => e.type)),
});
const cancelDeps = (): CancelOrderDeps => ({
  orders,
  payments,
  now: () => new Date(now),
  windowMinutes: 60,
  deliverNow: async (events) => void delivered.push(...events.map((e) => e.type)),
  alert: (e) => alerts.push(e),
});

beforeEach(() => {
  orders = new MemoryOrders();
  payments = new ScriptedPayments();
  alerts = [];
  delivered = [];
});

describe('cancel rules', () => {
  const cases: Array<[OrderState, string]> = [
    ['cancelled', 'already_cancelled'],
    ['requisition_issued', 'requisition_issued'],
    ['results_reported', 'requisition_issued'],
    ['unconfirmed', 'may_exist_at_lab'],
    ['placing', 'placing'],
    ['placed', 'placed'],
    ['external_draft', 'external_draft_exists'],
  ];
  it.each(cases)('%s -> %s', (state, reason) => {
    expect(cancelDecision(order('o', { state }), new Date(now), 60)).toEqual({ ok: false, reason });
  });
  it('scheduled: cancellable until 60 minutes after creation, not after', () => {
    const o = order('o');
    expect(cancelDecision(o, new Date(now + 59 * 60_000), 60)).toEqual({ ok: true });
    expect(cancelDecision(o, new Date(now + 60 * 60_000), 60)).toEqual({ ok: false, reason: 'not_cancellable' });
  });
  it('internal trouble never surfaces: every pre-requisition state reads as processing', () => {
    for (const s of ['scheduled', 'placing', 'placed', 'unconfirmed', 'external_draft'] as OrderState[])
      expect(PUBLIC_STATUS[s]).toBe('processing');
  });
});

describe('placement', () => {
  it('places a due order: requisition issued, one requisition_ready event in the outbox', async () => {
    await orders.create(order('order_a'));
    now += 3600_000;
    expect(await placeDueOrders(placeDeps())).toBe(1);
    const placed = orders.orders.get('order_a');
    expect(placed?.state).toBe('requisition_issued');
    expect(placed?.requisitionNumber).toMatch(/^RQ\d{10}$/);
    expect([...orders.outbox.keys()]).toEqual(['order_a__order.requisition_ready__placement']);
    // Its first webhook attempt is a step of the placement, made once the event is written.
    expect(delivered).toEqual(['order.requisition_ready']);
  });

  it('asks for the requisition renderer while the placing write is in flight, before it is needed', async () => {
    await orders.create(order('order_w1'));
    const seen: string[] = [];
    const writes = Object.assign(Object.create(orders) as MemoryOrders, {
      transition: (...args: Parameters<MemoryOrders['transition']>) => (
        seen.push(`write ${String(args[2].state)}`),
        orders.transition(...args)
      ),
    });
    const placed = await placeOrder(
      {
        ...placeDeps(),
        orders: writes,
        prepareRequisition: () => void seen.push('prepare'),
        issueRequisition: async () => void seen.push('issue'),
      },
      (await orders.findById('order_w1')) as OrderRecord,
    );
    expect(placed?.state).toBe('requisition_issued');
    expect(seen).toEqual(['write placing', 'prepare', 'issue', 'write requisition_issued']);
  });

  it('reads the partner once: the requisition is rendered with the read made ready for the webhook, which gets it too', async () => {
    await orders.create(order('order_w2'));
    const partner = Promise.resolve(null);
    const ready = { partnerId: 'ptr_1', partner, secrets: Promise.resolve([]) };
    const seen: unknown[] = [];
    const placed = await placeOrder(
      {
        ...placeDeps(),
        prepareDelivery: (partnerId) => (seen.push(`prepare ${partnerId}`), ready),
        issueRequisition: async (_o, _n, read) => void seen.push(read === partner ? 'issue with its read' : 'issue'),
        deliverNow: async (_events, made) => void seen.push(made === ready ? 'deliver with it' : 'deliver'),
      },
      (await orders.findById('order_w2')) as OrderRecord,
    );
    expect(placed?.state).toBe('requisition_issued');
    expect(seen).toEqual(['prepare ptr_1', 'issue with its read', 'deliver with it']);
  });

  it('does not place an order before it is due', async () => {
    await orders.create(order('order_b'));
    now += 59 * 60_000;
    expect(await placeDueOrders(placeDeps())).toBe(0);
  });

  it('an unknown lab outcome becomes unconfirmed and alerts support, and cannot be cancelled', async () => {
    await orders.create(order('order_c'));
    const lostAnswer: PlaceOrderDeps['lab'] = {
      place: async () => {
        throw new Error('socket hang up');
      },
    };
    const result = await placeOrder(
      { ...placeDeps(), lab: lostAnswer },
      (await orders.findById('order_c')) as OrderRecord,
    );
    expect(result?.state).toBe('unconfirmed');
    expect(alerts).toEqual(['placement_unconfirmed']);
    expect(await cancelOrder(cancelDeps(), 'ptr_1', 'order_c')).toEqual({
      ok: false,
      kind: 'refused',
      reason: 'may_exist_at_lab',
    });
  });

  it('the sandbox rehearsal of an unconfirmed placement ends the same way, without paging support', async () => {
    await orders.create(order('order_c2', { simulation: { placement: 'unconfirmed' } }));
    const result = await placeOrder(placeDeps(), (await orders.findById('order_c2')) as OrderRecord);
    expect(result?.state).toBe('unconfirmed');
    expect(alerts).toEqual([]);
  });

  it('cancel racing placement: exactly one winner, every time', async () => {
    for (let i = 0; i < 200; i++) {
      const id = `order_race_${i}`;
      await orders.create(order(id));
      const read = (await orders.findById(id)) as OrderRecord;
      const [placed, cancelled] = await Promise.all([
        placeOrder(placeDeps(), read),
        cancelOrder(cancelDeps(), read.partnerId, read.id),
      ]);
      const final = orders.orders.get(id) as OrderRecord;
      if (cancelled.ok) {
        expect(placed).toBeNull();
        expect(final.state).toBe('cancelled');
        expect([...orders.outbox.keys()].filter((k) => k.startsWith(`${id}__`))).toEqual([
          `${id}__order.cancelled__partner_cancel`,
        ]);
      } else {
        expect(placed?.state).toBe('requisition_issued');
        expect(['placing', 'requisition_issued']).toContain((cancelled as { reason?: string }).reason);
        expect([...orders.outbox.keys()].filter((k) => k.startsWith(`${id}__`))).toEqual([
          `${id}__order.requisition_ready__placement`,
        ]);
      }
    }
  });
});

describe('cancel', () => {
  it('refunds inline and writes order.cancelled with the state change', async () => {
    await orders.create(order('order_d'));
    const r = await cancelOrder(cancelDeps(), 'ptr_1', 'order_d');
    expect(r).toMatchObject({ ok: true, refund: 'issued' });
    expect(orders.orders.get('order_d')?.payment.status).toBe('refunded');
    expect(orders.outbox.has('order_d__order.cancelled__partner_cancel')).toBe(true);
  });
  it('a failed refund leaves refund_pending and alerts staff', async () => {
    payments.refundFails = true;
    await orders.create(order('order_e'));
    const r = await cancelOrder(cancelDeps(), 'ptr_1', 'order_e');
    expect(r).toMatchObject({ ok: true, refund: 'pending' });
    expect(orders.orders.get('order_e')?.payment.status).toBe('refund_pending');
    expect(alerts).toContain('refund_pending');
  });
});
