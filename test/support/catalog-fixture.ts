import type { Catalog, LabTest, Panel } from '../../shared/domain/catalog.js';

// A small hand-made catalogue for unit tests, independent of the seed data.
const test = (id: string, priceCents: number, extra: Partial<LabTest> = {}): LabTest => ({
  id,
  type: 'test',
  name: `Test ${id}`,
  nameEs: `Prueba ${id}`,
  description: `About ${id}.`,
  descriptionEs: `Sobre ${id}.`,
  category: 'General Health',
  priceCents,
  labOrderCode: `L-${id.toUpperCase()}`.slice(0, 20).replace(/[^A-Z0-9-]/g, '-'),
  biomarkers: [{ name: id, loinc: null, unit: 'mg/dL', referenceLow: 1, referenceHigh: 2 }],
  fastingRequired: false,
  minorEligible: true,
  unavailableStates: [],
  keywords: [],
  ...extra,
});

const panel = (id: string, priceCents: number, testIds: string[]): Panel => ({
  id,
  type: 'panel',
  name: `Panel ${id}`,
  nameEs: `Panel ${id}`,
  description: `About ${id}.`,
  descriptionEs: `Sobre ${id}.`,
  category: 'General Health',
  priceCents,
  testIds,
  keywords: [],
});

export const fixtureCatalog: Catalog = {
  version: 'test-1',
  tests: [
    test('cbc', 2900),
    test('lipid-panel', 3900, { fastingRequired: true }),
    test('psa', 4900, { minorEligible: false }),
    test('lyme-antibody', 8900, { unavailableStates: ['MD', 'CA'] }),
    test('tsh', 2500),
  ],
  panels: [
    panel('heart-panel', 5900, ['cbc', 'lipid-panel']),
    panel('wide-panel', 12000, ['tsh', 'lyme-antibody', 'cbc']),
  ],
};
