import { outboxEvent } from '../domain/events.js';
import type { OrderRecord } from '../domain/order.js';
import type { OrderStore } from '../ports/order-store.js';
import type { Lab } from '../ports/lab.js';
import type { Partner } from '../domain/partner.js';
import type { DeliverNow, PrepareDelivery } from './deliver-now.js';

export interface PlaceOrderDeps {
  orders: OrderStore;
  lab: Lab;
  now: () => Date;
  alert: (event: string, ids: Record<string, string>) => void;
  /** How long an order the lab could not be reached for waits before the next try (default 1). */
  unreachableRetryMinutes?: number;
  /** A hint that a requisition will likely be rendered soon: the renderer may load meanwhile. */
  prepareRequisition?: () => void;
  /**
   * Renders and stores the requisition document before partners are told it is ready; `partner`,
   * when given, is the read of the order's partner already under way (the delivery's), not made again.
   */
  issueRequisition: (order: OrderRecord, requisitionNumber: string, partner?: Promise<Partner | null>) => Promise<void>;
  /** The first attempt of each webhook delivery a state change wrote; never throws (a failure stays due). */
  deliverNow: DeliverNow;
  /** Reads what the partner's delivery needs while the requisition is issued (see AttemptReady). */
  prepareDelivery?: PrepareDelivery;
}

/**
 * Places one order at the lab. The move to `placing` is a write guarded on `scheduled` and the
 * version read, so a cancel racing this placement has exactly one winner. An unknown outcome is
 * never retried blindly (the lab has no cancellation interface): it becomes `unconfirmed` and
 * support is alerted. Returns the order as it ends, or null when this call did not place it.
 */
export async function placeOrder(
  deps: PlaceOrderDeps,
  order: OrderRecord,
  trigger = 'placement',
): Promise<OrderRecord | null> {
  const startedAt = deps.now();
  const placingWrite = deps.orders.transition(order, ['scheduled'], {
    state: 'placing',
    updatedAt: startedAt.toISOString(),
  });
  deps.prepareRequisition?.();
  const placing = await placingWrite;
  if (!placing) return null;
  let outcome;
  try {
    outcome = await deps.lab.place(placing);
  } catch (err) {
    outcome = { kind: 'unknown' as const, reason: (err as Error).name };
  }
  const ids = { orderId: placing.id, partnerId: placing.partnerId };
  const rehearsal = placing.simulation?.placement !== undefined;
  if (outcome.kind === 'unreachable') {
    // Not one byte reached the lab: the order is due again in a minute, and the placement sweep
    // (which takes orders its grace period past due) tries once more.
    if (!rehearsal) deps.alert('lab_unreachable', ids);
    const retryAt = new Date(deps.now().getTime() + (deps.unreachableRetryMinutes ?? 1) * 60_000);
    return deps.orders.transition(placing, ['placing'], {
      state: 'scheduled',
      placementDueAt: retryAt.toISOString(),
      updatedAt: deps.now().toISOString(),
    });
  }
  if (outcome.kind === 'rejected') {
    // The lab's codes only: its text can echo the patient.
    if (!rehearsal)
      deps.alert('lab_rejected', { ...ids, ackCode: outcome.ackCode, errorCodes: outcome.errorCodes.join(',') });
    return deps.orders.transition(placing, ['placing'], {
      state: 'external_draft',
      updatedAt: deps.now().toISOString(),
    });
  }
  if (outcome.kind === 'unknown') {
    // A partner's rehearsal of this (sandbox scenario placement_unconfirmed) does not page staff.
    if (placing.simulation?.placement !== 'unconfirmed')
      deps.alert('placement_unconfirmed', { orderId: placing.id, partnerId: placing.partnerId });
    return deps.orders.transition(placing, ['placing'], { state: 'unconfirmed', updatedAt: deps.now().toISOString() });
  }
  return completePlacement(deps, placing, outcome.requisitionNumber, trigger, outcome.accession ?? null);
}

/**
 * The lab accepted `order` (placing, or placed by an earlier try) under `requisitionNumber`: issue
 * the requisition, then tell the partner. If that fails the order is never placed again; it
 * waits as `placed` with its number kept, operators are alerted, and the recovery sweep retries.
 */
export async function completePlacement(
  deps: PlaceOrderDeps,
  order: OrderRecord,
  requisitionNumber: string,
  trigger: string,
  accession: string | null = order.labAccession ?? null,
): Promise<OrderRecord | null> {
  // The number travels with every alert: if nothing else keeps it, support still can.
  const ids = { orderId: order.id, partnerId: order.partnerId, requisitionNumber };
  try {
    // The partner is read once: for the requisition (its name) and for the webhook's first attempt.
    const delivery = deps.prepareDelivery?.(order.partnerId);
    await deps.issueRequisition({ ...order, labAccession: accession }, requisitionNumber, delivery?.partner);
    const now = deps.now();
    const events = [outboxEvent('order.requisition_ready', order, trigger, now)];
    const issued = await deps.orders.transition(
      order,
      [order.state],
      {
        state: 'requisition_issued',
        requisitionNumber,
        labAccession: accession,
        requisitionIssuedAt: now.toISOString(),
        updatedAt: now.toISOString(),
      },
      events,
    );
    if (issued) await deps.deliverNow(events, delivery);
    // Someone moved the order meanwhile (results arrived, or it was marked unconfirmed): the lab
    // has it under this number all the same, so support must hear of it.
    if (!issued) deps.alert('requisition_not_recorded', ids);
    return issued;
  } catch {
    deps.alert('requisition_not_issued', ids);
    // If this write fails too, the order stays `placing` and the sweep marks it unconfirmed.
    return deps.orders
      .transition(order, [order.state], {
        state: 'placed',
        requisitionNumber,
        labAccession: accession,
        updatedAt: deps.now().toISOString(),
      })
      .catch(() => null);
  }
}

/** The sweep: places every scheduled order whose time has come. Safe to run anywhere, any time. */
export async function placeDueOrders(deps: PlaceOrderDeps, batch = 25, overdueMs = 0): Promise<number> {
  let placed = 0;
  for (;;) {
    const due = await deps.orders.duePlacements(new Date(deps.now().getTime() - overdueMs), batch);
    if (due.length === 0) return placed;
    let progressed = false;
    for (const order of due) {
      if (await placeOrder(deps, order)) {
        placed++;
        progressed = true;
      }
    }
    // Index reads are eventually consistent: stop rather than spin on orders others just moved.
    if (!progressed) return placed;
  }
}
