import type { Catalog } from './catalog.js';
import type { PublicLinks } from './quote.js';

/** The full public catalogue (GET /api/tests): every test and panel with its public fields. */
export function publicCatalog(catalog: Catalog, links: PublicLinks) {
  return {
    version: catalog.version,
    tests: catalog.tests.map((t) => ({
      id: t.id,
      type: t.type,
      name: t.name,
      description: t.description,
      category: t.category,
      priceCents: t.priceCents,
      url: links.itemUrl(t),
      biomarkers: t.biomarkers.map((b) => ({ name: b.name, loinc: b.loinc, unit: b.unit })),
      fastingRequired: t.fastingRequired,
      minorEligible: t.minorEligible,
      unavailableStates: t.unavailableStates,
    })),
    panels: catalog.panels.map((p) => ({
      id: p.id,
      type: p.type,
      name: p.name,
      description: p.description,
      category: p.category,
      priceCents: p.priceCents,
      url: links.itemUrl(p),
      testIds: p.testIds,
    })),
  };
}
