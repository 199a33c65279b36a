import { outboxEvent } from '../domain/events.js';
import { RESULTS_FROM, type OrderRecord, type OrderState } from '../domain/order.js';
import type { Analyte } from '../domain/results/types.js';
import type { OrderStore } from '../ports/order-store.js';
import type { ResultsSource, ResultsStore } from '../ports/results-store.js';
import type { DocumentStore } from '../ports/document-store.js';
import type { ChangeAudit } from '../ports/audit-log.js';
import type { DeliverNow, PrepareDelivery } from './deliver-now.js';

export interface RecordResultsDeps {
  orders: OrderStore;
  results: ResultsStore;
  documents: DocumentStore;
  now: () => Date;
  newResultsId: (now: Date) => string;
  /** The first attempt of each webhook delivery a state change wrote (never throws: a failure stays due for the retry cron). */
  deliverNow: DeliverNow;
  /** Reads what the partner's delivery needs while the results are written (see AttemptReady). */
  prepareDelivery?: PrepareDelivery;
  /** A hint that a report will likely be rendered soon: the renderer may load meanwhile. */
  prepareReport?: () => void;
  renderResultsPdf: (
    order: OrderRecord,
    analytes: Analyte[],
    reportedAt: Date,
    source: ResultsSource,
  ) => Promise<Uint8Array>;
}

export interface ResultsInput {
  source: ResultsSource;
  analytes: Analyte[];
  /** PDFs that came with the results (operator upload); a report is rendered when there are none. */
  pdfs: Array<{ label: string; bytes: Uint8Array }>;
  trigger: string;
  /**
   * final (default): the order becomes results_ready. preliminary: stored, the order unmoved, no
   * event. correction: replaces the results of an order already results_ready, and partners are
   * told again by a new event (its own id and delivery id).
   */
  kind?: 'final' | 'preliminary' | 'correction';
  /** The request's success record, written in the order's transition (see ChangeAudit). */
  audit?: ChangeAudit;
}

export type RecordResultsOutcome =
  { ok: true; order: OrderRecord } | { ok: false; reason: 'cancelled' | 'already_reported' | 'conflict' };

/**
 * Stores the documents and the structured results first, under an id of this delivery's own, then
 * moves the order to results_ready, pointing at them, with its order.results_ready event in one
 * guarded write. Until that write the results endpoint answers not_ready, so a partner never sees
 * half-stored results; and two deliveries racing (a lab message and an operator upload) never
 * overwrite each other's files: the partner sees the winner's whole, never a mix.
 */
export async function recordResults(
  deps: RecordResultsDeps,
  order: OrderRecord,
  input: ResultsInput,
): Promise<RecordResultsOutcome> {
  const kind = input.kind ?? 'final';
  const from = kind === 'correction' ? (['results_reported'] as const) : RESULTS_FROM;
  const refusal = (state: OrderState | undefined) =>
    state === 'cancelled'
      ? ({ ok: false, reason: 'cancelled' } as const)
      : state === 'results_reported' && kind !== 'correction'
        ? ({ ok: false, reason: 'already_reported' } as const)
        : null;
  const refused = refusal(order.state);
  if (refused) return refused;
  const now = deps.now();
  const resultsId = deps.newResultsId(now);
  const delivery = kind === 'preliminary' ? undefined : deps.prepareDelivery?.(order.partnerId);
  const labels = input.pdfs.length > 0 ? input.pdfs.map((f) => f.label) : ['Laboratory report'];
  const pdfs = labels.map((label, i) => ({
    id: `pdf_${i + 1}`,
    label,
    key: `results/${order.partnerId}/${order.id}/${resultsId}/pdf_${i + 1}.pdf`,
  }));
  // Nothing points at this delivery's id until the transition below, which waits for every write:
  // so the record (which names the files by key) is written while the report renders, and the files
  // beside it; a failure of any leaves only unreferenced objects.
  const recordStored = deps.results.put({
    id: resultsId,
    orderId: order.id,
    partnerId: order.partnerId,
    source: input.source,
    reportedAt: now.toISOString(),
    analytes: input.analytes,
    pdfs,
  });
  recordStored.catch(() => undefined); // awaited below; a failed render must not leave it unhandled
  // One turn of the event loop lets the request go out before the render holds the thread.
  if (input.pdfs.length === 0) await new Promise((ok) => setImmediate(ok));
  const bytes =
    input.pdfs.length > 0
      ? input.pdfs.map((f) => f.bytes)
      : [await deps.renderResultsPdf(order, input.analytes, now, input.source)];
  await Promise.all([
    recordStored,
    ...pdfs.map((p, i) => deps.documents.put(p.key, bytes[i] as Uint8Array, 'application/pdf')),
  ]);
  const patch =
    kind === 'preliminary'
      ? { resultsId, updatedAt: now.toISOString() }
      : ({
          state: 'results_reported',
          resultsReportedAt: now.toISOString(),
          resultsId,
          updatedAt: now.toISOString(),
        } as const);
  // A correction's event is a new one: receivers that de-duplicate on the delivery id must not drop it.
  const trigger = kind === 'correction' ? `${input.trigger}_correction_${resultsId}` : input.trigger;
  const events = kind === 'preliminary' ? [] : [outboxEvent('order.results_ready', order, trigger, now)];
  // Filed under the order's partner too, as an operator's action on an order is.
  const records = input.audit?.records({ orderId: order.id, partnerId: order.partnerId }) ?? [];
  const moved = await deps.orders.transition(order, from, patch, events, records);
  if (moved) return (input.audit?.written(), await deps.deliverNow(events, delivery), { ok: true, order: moved });
  // The order moved on meanwhile (a placement finished, or the recovery sweep touched it): if it can
  // still take results, take them once more against what is stored now; a lab does not resend.
  const current = await deps.orders.get(order.partnerId, order.id);
  const refusedNow = refusal(current?.state);
  if (refusedNow) return refusedNow;
  const again = current ? await deps.orders.transition(current, from, patch, events, records) : null;
  if (!again) return { ok: false, reason: 'conflict' };
  input.audit?.written();
  await deps.deliverNow(events, delivery);
  return { ok: true, order: again };
}
