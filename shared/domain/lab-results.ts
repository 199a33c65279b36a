import { memberTests, type CatalogItem } from './catalog.js';
import type { OrderRecord } from './order.js';
import { buildOruMessage, seededRandom } from './results/simulate.js';

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
    placerField1: order.partnerId,
    requisitionNumber: order.requisitionNumber ?? order.id,
    observedAt,
    biomarkers,
    scenario,
    random: seededRandom(order.id),
  });
}
