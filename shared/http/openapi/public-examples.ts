import type { z } from 'zod';
import type * as R from './responses.js';

// The public operations' examples, and the values the partner and operator examples share.

export type Ex<S extends z.ZodType> = z.input<S>;
export const AT = '2026-11-02T15:04:05.000Z';
export const cbcTest = (o: string) => ({
  id: 'cbc',
  type: 'test' as const,
  name: 'Complete Blood Count (CBC) with Differential',
  description: 'Counts red cells, white cells and platelets to screen for anemia, infection and blood disorders.',
  category: 'Blood Count',
  priceCents: 2900,
  url: `${o}/tests/cbc`,
  biomarkers: [{ name: 'Hemoglobin', loinc: '718-7', unit: 'g/dL' }],
  fastingRequired: false,
  minorEligible: true,
  unavailableStates: [],
});
export const panel = (o: string) => ({
  id: 'essential-health-panel',
  type: 'panel' as const,
  name: 'Essential Health Panel',
  description: 'The annual check-up basics: blood count, metabolism, cholesterol and thyroid.',
  category: 'General Health',
  priceCents: 6900,
  url: `${o}/panels/essential-health-panel`,
  testIds: ['cbc', 'cmp', 'lipid-panel', 'tsh'],
});
export const RESTRICTED = ['HI', 'NJ', 'NY', 'RI'];
export const document = { openapi: '3.1.0', info: { title: 'Lab Tests API', version: '1.0.0' }, paths: {} };

/** Examples of the public operations, by operationId. */
export function publicExamples(o: string) {
  const quote: Ex<typeof R.quote> = {
    currency: 'USD',
    items: [
      {
        id: 'cbc',
        type: 'test',
        name: 'Complete Blood Count (CBC) with Differential',
        url: `${o}/tests/cbc`,
        unitPriceCents: 2900,
        quantity: 1,
      },
      {
        id: 'lipid-panel',
        type: 'test',
        name: 'Lipid Panel',
        url: `${o}/tests/lipid-panel`,
        unitPriceCents: 2900,
        quantity: 1,
      },
    ],
    subtotalCents: 5800,
    orderFee: {
      label: 'Lab draw and physician order',
      description: 'Covers the blood draw at the lab and an independent physician order. Charged once per order.',
      amountCents: 1800,
      chargedPer: 'order',
    },
    totalCents: 7600,
    eligibility: { state: 'CA', available: true, reason: null, message: null, unavailableItems: [] },
    checkoutUrl: `${o}/cart/handoff?items=cbc,lipid-panel`,
    updatedAt: AT,
    restrictedStates: RESTRICTED,
    catalogUrl: `${o}/tests`,
  };
  const availability: Ex<typeof R.availability> = {
    state: 'NY',
    available: false,
    reason: 'state_restricted',
    message: 'Orders cannot be placed from NY.',
    item: { id: 'cbc', available: false, reason: 'state_restricted', message: 'Orders cannot be placed from NY.' },
    restrictedStates: RESTRICTED,
    catalogUrl: `${o}/tests`,
    updatedAt: AT,
  };
  const compact: Ex<typeof R.compactCatalog> = {
    locale: 'en',
    currency: 'USD',
    orderFee: { amountCents: 1800, chargedPer: 'order', label: 'Lab draw and physician order' },
    restrictedStates: RESTRICTED,
    quoteApi: `${o}/api/public/v1/quote?items={ids}&state={state}`,
    tests: [
      {
        id: 'cbc',
        type: 'test',
        name: 'Complete Blood Count (CBC) with Differential',
        price: 2900,
        biomarkers: ['Hemoglobin'],
        category: 'Blood Count',
        url: `${o}/tests/cbc`,
        description: 'Counts red cells, white cells and platelets.',
      },
    ],
    panels: [],
  };
  return {
    getQuote: { response: quote },
    getAvailability: { response: availability },
    listPublicTests: { response: { version: '2026-11-01', tests: [cbcTest(o)], panels: [panel(o)] } },
    getCompactCatalog: { response: compact },
    getPublicOpenApi: { response: document },
  };
}
