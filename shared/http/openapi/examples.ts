import type * as z from 'zod';
import type * as R from './responses.js';

// One example per request and response, by operationId. The unit tests hold each to its schema,
// and the linter checks them against the published document. Links use the serving origin.

export type Ex<S extends z.ZodType> = z.input<S>;
export const AT = '2026-11-02T15:04:05.000Z';
export const ORDER_ID = 'order_01kbx7m2q3r4s5t6v7w8x9y0z1';

function order(o: string): Ex<typeof R.order> {
  void o;
  return {
    id: ORDER_ID,
    externalId: 'your-id-123',
    status: 'processing',
    createdAt: AT,
    cancellableUntil: '2026-11-02T16:04:05.000Z',
    items: [
      {
        id: 'cbc',
        type: 'test',
        name: 'Complete Blood Count (CBC) with Differential',
        priceCents: 2900,
        fastingRequired: false,
      },
      { id: 'lipid-panel', type: 'test', name: 'Lipid Panel', priceCents: 2900, fastingRequired: true },
    ],
    fees: { labCollectionCents: 1000, physicianOrderCents: 800, totalCents: 1800 },
    subtotalCents: 5800,
    totalCents: 7600,
    payment: { status: 'succeeded', amountCents: 7600, currency: 'usd', paymentIntentId: 'pi_3QexampleA1b2C3d4' },
    patient: {
      firstName: 'Ana',
      lastName: 'Diaz',
      dateOfBirth: '1990-04-02',
      sex: 'female',
      email: 'ana@example.org',
      phone: '3125550142',
      address: { line1: '1 Main St', line2: null, city: 'Chicago', state: 'IL', zip: '60601' },
    },
    fastingRequired: true,
    preferredLocation: null,
    requisition: { status: 'pending', number: null, issuedAt: null },
    results: { status: 'pending', reportedAt: null },
    metadata: { cohort: 'spring' },
  };
}

export const delivery: Ex<typeof R.delivery> = {
  id: `${ORDER_ID}__order.requisition_ready__placement`,
  type: 'order.requisition_ready',
  orderId: ORDER_ID,
  status: 'succeeded',
  createdAt: AT,
  attemptCount: 1,
  attempts: [{ at: AT, durationMs: 182, httpStatus: 200, error: null, kind: 'scheduled' }],
  nextAttemptAt: null,
};
const cbcTest = (o: string) => ({
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
const panel = (o: string) => ({
  id: 'essential-health-panel',
  type: 'panel' as const,
  name: 'Essential Health Panel',
  description: 'The annual check-up basics: blood count, metabolism, cholesterol and thyroid.',
  category: 'General Health',
  priceCents: 6900,
  url: `${o}/panels/essential-health-panel`,
  testIds: ['cbc', 'cmp', 'lipid-panel', 'tsh'],
});
const RESTRICTED = ['HI', 'NJ', 'NY', 'RI'];
export const document = { openapi: '3.1.0', info: { title: 'Lab Tests API', version: '1.0.0' }, paths: {} };

export interface Example {
  request?: unknown;
  response: unknown;
}

/** Examples of the public and partner operations. */
export function examples(o: string): Record<string, Example> {
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
  const location: Ex<typeof R.location> = {
    id: 'loc_0b735026',
    name: 'Loop Lab Draw Site',
    address: { line1: '452 Center Pkwy', line2: 'Suite 185', city: 'Chicago', state: 'IL', zip: '60601' },
    phone: '+13125550199',
    hours: [{ days: 'Mon-Fri', open: '07:00', close: '16:30' }],
    lat: 41.8858,
    lng: -87.6181,
    services: ['blood_draw'],
    appointmentRequired: false,
    timezone: 'America/Chicago',
    distanceMiles: 0.4,
  };
  const results: Ex<typeof R.results> = {
    status: 'results_ready',
    reportedAt: AT,
    source: 'lab_electronic',
    pdfs: [{ id: 'pdf_1', label: 'Lab report', url: `${o}/documents/signed-example`, expiresAt: AT }],
    analytes: [
      {
        name: 'Hemoglobin',
        labTestCode: '718-7',
        value: 13.9,
        valueText: null,
        unit: 'g/dL',
        referenceRange: '12.6-17.7',
        referenceRangeLow: 12.6,
        referenceRangeHigh: 17.7,
        flag: 'normal',
        notReported: false,
        reportedAt: AT,
      },
    ],
  };
  const created = order(o);
  const cancelled = { ...created, status: 'cancelled' as const, cancelledAt: AT, refund: 'issued' as const };
  return {
    getQuote: { response: quote },
    getAvailability: { response: availability },
    listPublicTests: { response: { version: '2026-11-01', tests: [cbcTest(o)], panels: [panel(o)] } },
    getCompactCatalog: { response: compact },
    getPublicOpenApi: { response: document },
    getCatalog: {
      response: {
        fees: { labCollectionCents: 1000, physicianOrderCents: 800, totalCents: 1800, chargedPer: 'order' },
        restrictedStates: RESTRICTED,
        tests: [{ ...cbcTest(o), labOrderCode: '100010' }],
        panels: [panel(o)],
      },
    },
    listLocations: { response: { data: [location] } },
    createOrder: {
      request: {
        externalId: 'your-id-123',
        patient: created.patient,
        items: [{ id: 'cbc' }, { id: 'lipid-panel' }],
        metadata: { cohort: 'spring' },
      },
      response: created,
    },
    listOrders: { response: { data: [created], nextCursor: null } },
    getOrder: { response: created },
    cancelOrder: { response: cancelled },
    getRequisition: { response: { url: `${o}/documents/signed-example`, expiresAt: AT } },
    getResults: { response: results },
    listDeliveries: { response: { data: [delivery] } },
    replayDelivery: { response: delivery },
    sendTestWebhook: {
      response: { id: 'dlv_01kbx7m2q3r4s5t6v7w8x9y0z1', delivered: true, httpStatus: 200, error: null, durationMs: 95 },
    },
    advanceSandboxOrder: {
      response: {
        ...created,
        status: 'requisition_ready',
        requisition: { status: 'ready', number: 'REQ-104233', issuedAt: AT },
      },
    },
    simulateSandboxScenario: { request: { scenario: 'critical_results' }, response: created },
    getPartnerOpenApi: { response: document },
  };
}

/** The bodies of the four webhook events. */
export function webhookExamples(): Record<string, unknown> {
  const event = (type: string, status: string, trigger: string) => ({
    id: `${ORDER_ID}__${type}__${trigger}`,
    type,
    createdAt: AT,
    data: { orderId: ORDER_ID, externalId: 'your-id-123', status },
  });
  return {
    'order.requisition_ready': event('order.requisition_ready', 'requisition_ready', 'placement'),
    'order.results_ready': event('order.results_ready', 'results_ready', 'lab_electronic'),
    'order.cancelled': event('order.cancelled', 'cancelled', 'partner_cancel'),
    'webhook.test': {
      id: 'dlv_01kbx7m2q3r4s5t6v7w8x9y0z1',
      type: 'webhook.test',
      createdAt: AT,
      data: { orderId: null, externalId: null, status: null },
    },
  };
}

/** Query, path and header parameter examples, by parameter name. */
export const PARAMETER_EXAMPLES: Record<string, unknown> = {
  items: 'cbc,lipid-panel',
  state: 'CA',
  item: 'cbc',
  locale: 'es',
  utm_medium: 'chat',
  zip: '60601',
  lat: 41.8858,
  lng: -87.6181,
  radiusMiles: 25,
  limit: 20,
  status: 'results_ready',
  externalId: 'your-id-123',
  cursor: 'eyJ2IjoxfQ.c2lnbmF0dXJl',
  orderId: ORDER_ID,
  partnerId: 'ptr_01kbx7m2q3r4s5t6v7w8x9y0z1',
  id: ORDER_ID,
  keyId: 'key_01kbx7m2q3r4s5t6v7w8x9y0z1',
  'Idempotency-Key': 'order-your-id-123',
};
