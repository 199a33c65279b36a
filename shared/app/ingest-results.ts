import { parseOru, placerOrderNumbers, type ParsedOru } from '../domain/results/hl7.js';
import { recordResults, type RecordResultsDeps } from './record-results.js';
import { orderByKey } from './order-by-key.js';
import { isPartnerId, isPlausibleId } from '../domain/ids.js';
import { amendAnalytes, reportKind } from '../domain/results/amend.js';
import type { OrderStore } from '../ports/order-store.js';
import type { OrderRecord } from '../domain/order.js';
import type { ChangeAudit } from '../ports/audit-log.js';

export type IngestOutcome =
  | {
      kind: 'ingested';
      /** The order as these results left it (results_reported, public results_ready, unless preliminary). */
      order: OrderRecord;
      analytes: number;
      report: 'preliminary' | 'final' | 'correction';
    }
  /** The message cannot be read as an ORU^R01 about exactly one order: nothing stored. */
  | { kind: 'unreadable'; error: string }
  | { kind: 'no_order'; error: string }
  /** The order exists but cannot take results (cancelled, or moved on meanwhile). */
  | { kind: 'not_accepted'; error: string };

/**
 * Electronic results from a lab (an ORU^R01 message), whoever delivers it (the lab's own route, an
 * operator, the sandbox): parsed, matched to the order by its placer order number (our order id),
 * merged with what the lab sent before for it (preliminaries, then finals, then corrections and
 * deletions), stored, and the order moved to results_ready when the results are final.
 */
export async function ingestResults(
  deps: RecordResultsDeps & { orders: OrderStore },
  message: string,
  opts: {
    trigger?: string;
    audit?: ChangeAudit;
    /** The order the caller has just read (the sandbox's simulated lab): taken when the message names it, not found again. */
    order?: OrderRecord;
  } = {},
): Promise<IngestOutcome> {
  const parsed = parseOru(message, deps.now().toISOString());
  if (!parsed.ok) return { kind: 'unreadable', error: parsed.error };
  const placers = placerOrderNumbers(parsed.result);
  if (placers.length !== 1)
    return {
      kind: 'unreadable',
      error: `the message must report on exactly one order (ORC-2/OBR-2), found ${placers.length}`,
    };
  const placer = placers[0] as string;
  const found =
    opts.order?.id === placer
      ? opts.order
      : isPlausibleId(placer)
        ? orderByKey(deps.orders, placer, returnedPartnerId(parsed.result, placer))
        : null;
  deps.prepareReport?.();
  const order = await found;
  if (!order) return { kind: 'no_order', error: 'no order matches the placer order number' };
  if (order.state === 'cancelled') return { kind: 'not_accepted', error: 'the order cannot take results (cancelled)' };
  const report = reportKind(parsed.result.analyteStatuses, order.state === 'results_reported');
  const earlier = order.resultsId ? await deps.results.get(order.partnerId, order.id, order.resultsId) : null;
  const analytes = amendAnalytes(earlier?.analytes ?? [], parsed.result.analytes, parsed.result.analyteStatuses);
  const recorded = await recordResults(deps, order, {
    source: 'lab_electronic',
    analytes,
    pdfs: [],
    trigger: opts.trigger ?? 'lab_results',
    kind: report,
    ...(opts.audit ? { audit: opts.audit } : {}),
  });
  if (!recorded.ok) return { kind: 'not_accepted', error: `the order cannot take results (${recorded.reason})` };
  return {
    kind: 'ingested',
    order: recorded.order,
    analytes: parsed.result.analytes.length,
    report,
  };
}

/**
 * The partner id our order message put in OBR-18 (placer field 1), as the lab returned it with the
 * results, so the order is read by its key. Labs put text of their own there too: only a value
 * shaped as our partner ids is taken.
 */
function returnedPartnerId(parsed: ParsedOru, placer: string): string | null {
  const obr = parsed.observationRequests.find(
    (o) => o.placerOrderNumber === placer && o.placerField1 !== null && isPartnerId(o.placerField1),
  );
  return obr?.placerField1 ?? null;
}
