import { memberTests, type CatalogItem } from './catalog.js';
import type { OrderRecord } from './order.js';
import { parseOru, placerOrderNumbers } from './results/hl7.js';
import { buildOruMessage, seededRandom } from './results/simulate.js';
import { recordResults, type RecordResultsDeps } from './record-results.js';
import type { OrderStore } from '../ports/order-store.js';
import { isPlausibleId } from './ids.js';
import { amendAnalytes, reportKind } from './results/amend.js';

export type IngestOutcome =
  | { ok: true; orderId: string; analytes: number; report: 'preliminary' | 'final' | 'correction' }
  | { ok: false; status: 400 | 404 | 409; error: string };

/**
 * Electronic results from a lab (an ORU^R01 message): parsed, matched to the order by its placer
 * order number (our order id), merged with what the lab sent before for it (preliminaries, then
 * finals, then corrections and deletions), stored, and the order moved to results_ready when the
 * results are final. A message that cannot be parsed stores nothing.
 */
export async function ingestOru(
  deps: RecordResultsDeps & { orders: OrderStore },
  message: string,
  trigger = 'lab_results',
): Promise<IngestOutcome> {
  const parsed = parseOru(message, deps.now().toISOString());
  if (!parsed.ok) return { ok: false, status: 400, error: parsed.error };
  const placers = placerOrderNumbers(parsed.result);
  if (placers.length !== 1)
    return {
      ok: false,
      status: 400,
      error: `the message must report on exactly one order (ORC-2/OBR-2), found ${placers.length}`,
    };
  const placer = placers[0] as string;
  const order = isPlausibleId(placer) ? await deps.orders.findById(placer) : null;
  if (!order) return { ok: false, status: 404, error: 'no order matches the placer order number' };
  if (order.state === 'cancelled')
    return { ok: false, status: 409, error: 'the order cannot take results (cancelled)' };
  const report = reportKind(parsed.result.analyteStatuses, order.state === 'results_reported');
  const earlier = order.resultsId ? await deps.results.get(order.partnerId, order.id, order.resultsId) : null;
  const analytes = amendAnalytes(earlier?.analytes ?? [], parsed.result.analytes, parsed.result.analyteStatuses);
  const recorded = await recordResults(deps, order, {
    source: 'lab_electronic',
    analytes,
    pdfs: [],
    trigger,
    kind: report,
  });
  if (!recorded.ok) return { ok: false, status: 409, error: `the order cannot take results (${recorded.reason})` };
  return { ok: true, orderId: order.id, analytes: parsed.result.analytes.length, report };
}

/** The simulated lab's ORU message for an order: every biomarker of every ordered test, panels expanded. */
export function simulatedResultsMessage(order: OrderRecord, byId: Map<string, CatalogItem>, observedAt: Date): string {
  const tests = new Map<string, CatalogItem>();
  for (const line of order.items) {
    const item = byId.get(line.id);
    if (item) for (const t of memberTests(item, byId)) tests.set(t.id, t);
  }
  const seen = new Set<string>();
  const biomarkers = [...tests.values()]
    .flatMap((t) => (t.type === 'test' ? t.biomarkers : []))
    .filter((b) => !seen.has(b.name) && seen.add(b.name));
  const scenario = order.simulation?.results ?? 'normal';
  return buildOruMessage({
    placerOrderNumber: order.id,
    requisitionNumber: order.requisitionNumber ?? order.id,
    observedAt,
    biomarkers,
    scenario,
    random: seededRandom(order.id),
  });
}
