import { memberTests, indexCatalog } from '../domain/catalog.js';
import { requisitionKey } from '../domain/documents.js';
import type { OrderRecord } from '../domain/order.js';
import type { Analyte } from '../domain/results/types.js';
import type { ResultsSource } from '../ports/results-store.js';
import type { CatalogStore } from '../ports/catalog-store.js';
import type { DocumentStore } from '../ports/document-store.js';
import type { PartnerStore } from '../ports/partner-store.js';
import type { Partner } from '../domain/partner.js';
import { SERVICE_CONFIG } from '../config/service-config.js';

// The renderers (pdf-lib, JsBarcode's Code 128 encoder) load when a document is first made: the functions that carry
// them (placement, the sandbox, results ingestion, the dashboard's actions) often run without
// making one (a sweep with nothing due, a test webhook), and a cold start should not pay for them.

const warmed = new Set<string>();
/**
 * Loads a renderer (and runs its warm-up, if it has one) on the next turn of the event loop, once
 * per process: a flow that is about to wait on a store (and will likely render next) calls this
 * first, so the loading runs in that wait instead of after it. Never throws; the render loads
 * whatever is still missing.
 */
function prepare(name: string, load: () => Promise<object & { warmUp?: () => Promise<void> }>): void {
  if (warmed.has(name)) return;
  warmed.add(name);
  setImmediate(
    () =>
      void load()
        .then((m) => m.warmUp?.())
        .catch(() => undefined),
  );
}
export const prepareRequisition = (): void => prepare('requisition', () => import('./pdf/requisition-pdf.js'));
export const prepareResultsReport = (): void => prepare('results', () => import('./pdf/results-pdf.js'));

/** Renders an order's requisition and stores it where the requisition endpoint signs URLs for it. */
export async function issueRequisitionDocument(
  deps: { catalog: CatalogStore; partners: PartnerStore; documents: DocumentStore; now: () => Date },
  order: OrderRecord,
  requisitionNumber: string,
  partnerRead: Promise<Partner | null> = deps.partners.get(order.partnerId),
): Promise<void> {
  const [catalog, partner] = await Promise.all([deps.catalog.get(), partnerRead]);
  const byId = indexCatalog(catalog);
  const site = order.preferredLocation;
  const { renderRequisitionPdf } = await import('./pdf/requisition-pdf.js');
  const pdf = await renderRequisitionPdf({
    requisitionNumber,
    labAccession: order.labAccession ?? null,
    orderId: order.id,
    issuedAt: deps.now(),
    patient: order.patient,
    orderingPhysician: SERVICE_CONFIG.orderingPhysician,
    tests: order.items.map((line) => {
      const item = byId.get(line.id);
      return {
        id: line.id,
        name: line.name,
        biomarkers: item ? memberTests(item, byId).flatMap((t) => t.biomarkers.map((b) => b.name)) : [],
      };
    }),
    fastingRequired: order.fastingRequired,
    drawSite: site
      ? {
          name: site.name,
          address: `${site.address.line1}, ${site.address.city}, ${site.address.state} ${site.address.zip}`,
          phone: site.phone,
        }
      : null,
    partnerName: partner?.name ?? 'Partner',
  });
  await deps.documents.put(requisitionKey(order), pdf, 'application/pdf');
}

export async function resultsReport(
  order: OrderRecord,
  analytes: Analyte[],
  reportedAt: Date,
  source: ResultsSource,
): Promise<Uint8Array> {
  const { renderResultsPdf } = await import('./pdf/results-pdf.js');
  return renderResultsPdf({ orderId: order.id, reportedAt, patient: order.patient, analytes, source });
}
