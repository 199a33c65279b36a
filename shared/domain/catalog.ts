// The catalogue as the domain sees it. The seed data file (data/catalog.json) is validated
// against the zod schema in shared/adapters/catalog-seed-schema.ts, which produces these shapes.

export interface Biomarker {
  name: string;
  /** LOINC code where one exists. */
  loinc: string | null;
  unit: string | null;
  /** Adult reference range used by the simulated lab; null for qualitative markers. */
  referenceLow: number | null;
  referenceHigh: number | null;
}

/** What tests and panels share. */
interface CatalogEntryBase {
  id: string;
  name: string;
  nameEs: string;
  description: string;
  descriptionEs: string;
  category: string;
  priceCents: number;
  /** Search synonyms ("a1c", "cholesterol"...). */
  keywords: string[];
}

export interface LabTest extends CatalogEntryBase {
  type: 'test';
  /** The contracted lab's own order code (OBR-4 of the order message). */
  labOrderCode: string;
  biomarkers: Biomarker[];
  fastingRequired: boolean;
  minorEligible: boolean;
  /** States where this test is not offered (never the globally restricted ones). */
  unavailableStates: string[];
}

export interface Panel extends CatalogEntryBase {
  type: 'panel';
  testIds: string[];
}

export type CatalogItem = LabTest | Panel;

export interface Catalog {
  version: string;
  tests: LabTest[];
  panels: Panel[];
}

const indexes = new WeakMap<Catalog, Map<string, CatalogItem>>();

/** Items by id. Built once per catalogue object, so a warm container does not rebuild it per request. */
export function indexCatalog(catalog: Catalog): Map<string, CatalogItem> {
  const known = indexes.get(catalog);
  if (known) return known;
  const byId = new Map<string, CatalogItem>();
  for (const t of catalog.tests) byId.set(t.id, t);
  for (const p of catalog.panels) byId.set(p.id, p);
  indexes.set(catalog, byId);
  return byId;
}

/** The member tests of an item: itself for a test, its members for a panel. */
export function memberTests(item: CatalogItem, byId: Map<string, CatalogItem>): LabTest[] {
  if (item.type === 'test') return [item];
  return item.testIds.map((id) => byId.get(id)).filter((t): t is LabTest => t?.type === 'test');
}

/** A panel is fasting / minor-eligible / offered exactly when all its members are. */
export function fastingRequired(item: CatalogItem, byId: Map<string, CatalogItem>): boolean {
  return memberTests(item, byId).some((t) => t.fastingRequired);
}

export function minorEligible(item: CatalogItem, byId: Map<string, CatalogItem>): boolean {
  return memberTests(item, byId).every((t) => t.minorEligible);
}

export function offeredIn(item: CatalogItem, state: string, byId: Map<string, CatalogItem>): boolean {
  return memberTests(item, byId).every((t) => !t.unavailableStates.includes(state));
}
