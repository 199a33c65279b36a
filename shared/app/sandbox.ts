import type { CatalogItem } from '../domain/catalog.js';
import { simulatedResultsMessage } from '../domain/lab-results.js';
import { completePlacement, placeOrder, type PlaceOrderDeps } from './place-order.js';
import { requisitionNumberFor } from '../domain/lab-orders/orm.js';
import type { OrderRecord } from '../domain/order.js';
import type { RecordResultsDeps } from './record-results.js';
import type { OrderStore } from '../ports/order-store.js';
import type { SandboxScenario } from '../domain/sandbox.js';

// The sandbox's flows: let a partner rehearse every branch of the lifecycle without waiting for time.

export interface SandboxDeps {
  orders: OrderStore;
  place: PlaceOrderDeps;
  results: RecordResultsDeps & { orders: OrderStore };
  byId: () => Promise<Map<string, CatalogItem>>;
  /** The ORU ingestion path every lab message takes (shared/app/ingest-results.ts). */
  ingestResults: (
    message: string,
    trigger: string,
    /** The order the message reports on, as just read: ingestion need not find it again. */
    order?: OrderRecord,
  ) => Promise<
    { kind: 'ingested'; order: OrderRecord } | { kind: 'unreadable' | 'no_order' | 'not_accepted'; error: string }
  >;
  now: () => Date;
  /** Who reports the rehearsal's results (the local lab stand-in); absent, the in-process simulation. */
  deliverResults?: (order: OrderRecord) => Promise<SandboxOutcome>;
}

export type SandboxOutcome = { ok: true; order: OrderRecord } | { ok: false; message: string };

/** Delivers the simulated lab's results for an order through the ORU ingestion path. */
export async function deliverSimulatedResults(
  deps: SandboxDeps,
  order: OrderRecord,
  trigger: string,
): Promise<SandboxOutcome> {
  const message = simulatedResultsMessage(order, await deps.byId(), deps.now());
  const outcome = await deps.ingestResults(message, trigger, order);
  if (outcome.kind !== 'ingested') return { ok: false, message: outcome.error };
  return { ok: true, order: outcome.order };
}

/** Moves an order to its next checkpoint now: processing -> requisition_ready -> results_ready. */
export async function advance(deps: SandboxDeps, order: OrderRecord): Promise<SandboxOutcome> {
  if (order.state === 'scheduled') {
    const placed = await placeOrder(deps.place, order, 'sandbox');
    return placed
      ? { ok: true, order: placed }
      : { ok: false, message: 'The order changed while it was being placed; fetch it and try again.' };
  }
  if (order.state === 'placed') {
    // The lab has it but the requisition is not out yet: issue it first, as the recovery sweep would.
    const number = order.requisitionNumber ?? requisitionNumberFor(order.id);
    const issued = await completePlacement(deps.place, order, number, 'sandbox');
    return issued?.state === 'requisition_issued'
      ? { ok: true, order: issued }
      : { ok: false, message: 'The requisition could not be issued yet; try again shortly.' };
  }
  if (order.state === 'requisition_issued')
    return deps.deliverResults ? deps.deliverResults(order) : deliverSimulatedResults(deps, order, 'sandbox');
  return {
    ok: false,
    message: `An order in this state cannot be advanced (status ${order.state === 'cancelled' ? 'cancelled' : order.state === 'results_reported' ? 'results_ready' : 'processing, held by a scenario'}).`,
  };
}

export async function simulate(
  deps: SandboxDeps,
  order: OrderRecord,
  scenario: SandboxScenario,
): Promise<SandboxOutcome> {
  const now = deps.now().toISOString();
  const mark = (simulation: OrderRecord['simulation']) =>
    deps.orders.transition(order, [order.state], {
      simulation: { ...order.simulation, ...simulation },
      updatedAt: now,
    });
  const fromScheduled = async (state: OrderRecord['state'], simulation?: OrderRecord['simulation']) => {
    const patch = {
      state,
      updatedAt: now,
      ...(simulation ? { simulation: { ...order.simulation, ...simulation } } : {}),
    };
    const moved = order.state === 'scheduled' ? await deps.orders.transition(order, ['scheduled'], patch) : null;
    return moved
      ? ({ ok: true, order: moved } as const)
      : ({ ok: false, message: 'This scenario needs an order that is still waiting for placement.' } as const);
  };
  switch (scenario) {
    case 'placement_unconfirmed':
    case 'lab_rejects':
    case 'lab_slow': {
      if (order.state !== 'scheduled')
        return { ok: false, message: 'This scenario needs an order that is still waiting for placement.' };
      const placement = ({ placement_unconfirmed: 'unconfirmed', lab_rejects: 'rejected', lab_slow: 'slow' } as const)[
        scenario
      ];
      const marked = await mark({ placement });
      const placed = marked ? await placeOrder(deps.place, marked, 'sandbox') : null;
      return placed
        ? { ok: true, order: placed }
        : { ok: false, message: 'The order changed meanwhile; fetch it and try again.' };
    }
    case 'external_draft':
      return fromScheduled('external_draft');
    case 'placement_in_progress':
      // Held there on purpose: the recovery sweep leaves a rehearsal alone.
      return fromScheduled('placing', { placement: 'held' });
    case 'placed_awaiting_requisition':
      return fromScheduled('placed');
    case 'critical_results':
    case 'withheld_analyte':
    case 'refund_pending': {
      const simulation =
        scenario === 'refund_pending'
          ? { refund: 'fails' as const }
          : { results: scenario === 'critical_results' ? ('critical' as const) : ('withheld' as const) };
      const marked = await mark(simulation);
      return marked
        ? { ok: true, order: marked }
        : { ok: false, message: 'The order changed meanwhile; fetch it and try again.' };
    }
  }
}
