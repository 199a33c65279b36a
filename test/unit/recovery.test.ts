import { beforeEach, describe, expect, it } from 'vitest';
import { placeOrder, type PlaceOrderDeps } from '../../shared/app/place-order.js';
import { cancelOrder } from '../../shared/app/cancel-order.js';
import { recoverOrders, type RecoveryDeps } from '../../shared/app/recovery.js';
import { recoveryKind } from '../../shared/domain/recovery-kind.js';
import type { OrderRecord } from '../../shared/domain/order.js';
import type { Lab } from '../../shared/ports/lab.js';
import { simulatedLab } from '../../shared/adapters/simulated-lab.js';
import { MemoryOrders, ScriptedPayments } from '../support/fakes.js';

let now = Date.parse('2026-11-23T10:00:00Z');
let orders: MemoryOrders;
let payments: ScriptedPayments;
let alerts: string[];
let requisitionFails: number;
let issued: string[];

const order = (id: string, over: Partial<OrderRecord> = {}): OrderRecord =>
  ({
    id,
    partnerId: 'ptr_1',
    externalId: null,
    state: 'scheduled',
    version: 1,
    createdAt: new Date(now).toISOString(),
    updatedAt: new Date(now).toISOString(),
    payment: { status: 'succeeded', amountCents: 100, currency: 'usd', paymentIntentId: `pi_${id}`, refundId: null },
    placementDueAt: new Date(now).toISOString(),
    requisitionNumber: null,
    requisitionIssuedAt: null,
    resultsReportedAt: null,
    cancelledAt: null,
    ...over,
  }) as OrderRecord;

const placeDeps = (lab: Lab = simulatedLab): PlaceOrderDeps => ({
  orders,
  lab,
  now: () => new Date(now),
  alert: (e) => alerts.push(e),
  deliverNow: async () => undefined,
  issueRequisition: async (o) => {
    if (requisitionFails > 0) {
      requisitionFails--;
      throw new Error('S3 down');
    }
    issued.push(o.id);
  },
});
const deps = (): RecoveryDeps => ({
  ...placeDeps(),
  payments,
  placingTimeoutMinutes: 15,
  retryMinutes: 30,
});
const stored = (id: string) => orders.orders.get(id) as OrderRecord;

beforeEach(() => {
  orders = new MemoryOrders();
  payments = new ScriptedPayments();
  alerts = [];
  requisitionFails = 0;
  issued = [];
});

describe('recovery sweep', () => {
  it('a requisition that failed after the lab accepted: placed with its number, never placed again, issued by the sweep', async () => {
    await orders.create(order('o1'));
    requisitionFails = 1;
    let labCalls = 0;
    const countingLab: Lab = { place: async (o) => (labCalls++, simulatedLab.place(o)) };
    const after = await placeOrder(placeDeps(countingLab), stored('o1'));
    expect(after).toMatchObject({ state: 'placed' });
    const number = stored('o1').requisitionNumber;
    expect(number).toMatch(/^RQ/);
    expect(alerts).toEqual(['requisition_not_issued']);
    expect(await placeOrder(placeDeps(countingLab), stored('o1'))).toBeNull(); // a placement retry does nothing
    expect(labCalls).toBe(1);

    expect(await recoverOrders(deps())).toBe(0); // waits its retry time first
    now += 30 * 60_000;
    expect(await recoverOrders(deps())).toBe(1);
    expect(stored('o1')).toMatchObject({ state: 'requisition_issued', requisitionNumber: number });
    expect(issued).toEqual(['o1']);
    expect([...orders.outbox.keys()]).toEqual(['o1__order.requisition_ready__placement']);
  });

  it('an order moved by someone else while its requisition was issued keeps the lab’s number in an alert', async () => {
    await orders.create(order('o7'));
    const racing: PlaceOrderDeps = {
      ...placeDeps(),
      alert: (e, ids) => alerts.push(`${e}:${ids.requisitionNumber ?? ''}`),
      issueRequisition: async (o) => {
        // Results arrive from the lab while the requisition document is being stored.
        await orders.transition(stored(o.id), ['placing'], {
          state: 'results_reported',
          updatedAt: new Date(now).toISOString(),
        });
      },
    };
    expect(await placeOrder(racing, stored('o7'))).toBeNull();
    expect(alerts).toEqual([expect.stringMatching(/^requisition_not_recorded:RQ\d{10}$/)]);
  });

  it('a requisition that keeps failing is tried again after each wait, alerting each time', async () => {
    await orders.create(order('o2', { state: 'placed', requisitionNumber: 'RQ1234567890' }));
    requisitionFails = 2;
    now += 30 * 60_000;
    expect(await recoverOrders(deps())).toBe(0);
    expect(await recoverOrders(deps())).toBe(0); // just tried: not again at once
    now += 30 * 60_000;
    expect(await recoverOrders(deps())).toBe(0);
    now += 30 * 60_000;
    expect(await recoverOrders(deps())).toBe(1);
    expect(alerts).toEqual(['requisition_not_issued', 'requisition_not_issued']);
    expect(stored('o2').state).toBe('requisition_issued');
  });

  it('a placement that never finished becomes unconfirmed after the timeout and alerts support; it is not placed again', async () => {
    await orders.create(order('o3', { state: 'placing' }));
    now += 14 * 60_000;
    expect(await recoverOrders(deps())).toBe(0);
    expect(stored('o3').state).toBe('placing');
    now += 60_000;
    expect(await recoverOrders(deps())).toBe(1);
    expect(stored('o3').state).toBe('unconfirmed');
    expect(alerts).toEqual(['placement_unconfirmed']);
  });

  it('a placement that finished just before the sweep moved it is left as it is, and pages nobody', async () => {
    await orders.create(order('o3b', { state: 'placing' }));
    now += 15 * 60_000;
    const [seen] = await orders.needsRecovery('placing', new Date(now), 25);
    // The placement completes between the sweep's index read and its write.
    await orders.transition(seen as OrderRecord, ['placing'], {
      state: 'requisition_issued',
      requisitionNumber: 'RQ1',
      updatedAt: new Date(now).toISOString(),
    });
    const staleRead = Object.create(orders) as MemoryOrders; // the same store, answering from a stale index
    staleRead.needsRecovery = async (kind) => (kind === 'placing' ? [seen as OrderRecord] : []);
    expect(await recoverOrders({ ...deps(), orders: staleRead })).toBe(0);
    expect(stored('o3b').state).toBe('requisition_issued');
    expect(alerts).toEqual([]);
  });

  it('a sandbox rehearsal of placement in progress is left alone', async () => {
    await orders.create(order('o4', { state: 'placing', simulation: { placement: 'held' } }));
    now += 24 * 3600_000;
    expect(await recoverOrders(deps())).toBe(0);
    expect(stored('o4').state).toBe('placing');
  });

  it('a pending refund is tried again, each try under a provider key of its own, until it is issued', async () => {
    await orders.create(order('o5'));
    payments.refundFails = true;
    const cancelled = await cancelOrder(
      {
        orders,
        payments,
        now: () => new Date(now),
        windowMinutes: 60,
        alert: (e) => alerts.push(e),
        deliverNow: async () => undefined,
      },
      'ptr_1',
      'o5',
    );
    expect(cancelled).toMatchObject({ ok: true, refund: 'pending' });
    now += 30 * 60_000;
    expect(await recoverOrders(deps())).toBe(0);
    payments.refundFails = false;
    now += 30 * 60_000;
    expect(await recoverOrders(deps())).toBe(1);
    expect(stored('o5').payment).toMatchObject({ status: 'refunded', refundId: 're_pi_o5' });
    expect(payments.refundKeys).toEqual(['refund:o5', 'refund:o5:1', 'refund:o5:2']);
    expect(alerts).toEqual(['refund_pending', 'refund_pending']);
    expect(await recoverOrders(deps())).toBe(0);
  });

  it('a cancel that crashed before its refund (refund_pending, no alert sent) is refunded by the sweep', async () => {
    await orders.create(
      order('o6', {
        state: 'cancelled',
        cancelledAt: new Date(now).toISOString(),
        payment: {
          status: 'refund_pending',
          amountCents: 100,
          currency: 'usd',
          paymentIntentId: 'pi_o6',
          refundId: null,
        },
      }),
    );
    now += 30 * 60_000;
    expect(await recoverOrders(deps())).toBe(1);
    expect(stored('o6').payment.status).toBe('refunded');
    expect(alerts).toEqual([]); // the refund went through: nothing for staff to do
  });

  it('a rehearsed refund failure (sandbox scenario) leaves the refund pending without paging staff; a real one pages them', async () => {
    const cancel = {
      orders,
      payments,
      now: () => new Date(now),
      windowMinutes: 60,
      deliverNow: async () => undefined,
      alert: (e: string) => alerts.push(e),
    };
    await orders.create(order('r1', { simulation: { refund: 'fails' } }));
    expect(await cancelOrder(cancel, 'ptr_1', 'r1')).toMatchObject({ ok: true, refund: 'pending' });
    expect(payments.refundKeys).toEqual([]); // the provider is not even asked
    expect(alerts).toEqual([]);
    await orders.create(order('r2'));
    payments.refundFails = true;
    expect(await cancelOrder(cancel, 'ptr_1', 'r2')).toMatchObject({ ok: true, refund: 'pending' });
    expect(alerts).toEqual(['refund_pending']);
  });

  it('recoveryKind: only orders left part-way, never sandbox rehearsals', () => {
    expect(recoveryKind(order('a'))).toBeNull();
    expect(recoveryKind(order('a', { state: 'placed' }))).toBeNull(); // the sandbox's placed_awaiting_requisition has no number
    expect(recoveryKind(order('a', { state: 'requisition_issued', requisitionNumber: 'RQ1' }))).toBeNull();
    const pending = {
      status: 'refund_pending',
      amountCents: 1,
      currency: 'usd',
      paymentIntentId: 'pi',
      refundId: null,
    } as const;
    expect(recoveryKind(order('a', { state: 'cancelled', payment: pending }))).toBe('refund');
    expect(
      recoveryKind(order('a', { state: 'cancelled', payment: pending, simulation: { refund: 'fails' } })),
    ).toBeNull();
  });
});
