// Business configuration: the one home for the public fee, the restricted states and the
// service's time rules. Change a value here and every surface (quote, MCP, pages, partner API,
// CDK) follows.

export const SERVICE_CONFIG = {
  currency: 'USD',
  publicOrderFee: {
    label: 'Lab draw and physician order fee',
    description:
      'One flat fee per order covering the blood draw at a lab and the independent physician order, however many tests the order holds.',
    amountCents: 1800,
    chargedPer: 'order',
  },
  /** US states the service cannot currently serve (orders are not accepted from them). */
  restrictedStates: ['NY', 'NJ', 'RI', 'HI'],
  /** Default per-order fees for a new partner (each partner can have its own). */
  defaultPartnerFees: { labCollectionCents: 1000, physicianOrderCents: 800 },
  maxQuoteItems: 50,
  maxOrderItems: 25,
  cancelWindowMinutes: 60,
  placementDelayMinutes: 60,
  /** The recovery sweep: a placement still running after this long never finished. */
  placingTimeoutMinutes: 15,
  /** The recovery sweep: the wait between tries of a requisition or a refund that failed. */
  recoveryRetryMinutes: 30,
  idempotencyTtlHours: 24,
  internalErrorRetryLockMinutes: 5,
  signedUrlTtlSeconds: 15 * 60,
  partnerCatalogMaxAgeSeconds: 300,
  /** Public responses are cached briefly: fresh enough for prices, kind to the origin. */
  publicCacheMaxAgeSeconds: 60,
  minorAgeYears: 18,
  /** The independent physician who orders on the patient's behalf (printed on requisitions). */
  orderingPhysician: { name: 'Avery Chen, MD', npi: '1234567893' },
  /** A partner dashboard session lasts this long (service clock); revoking its key ends it sooner. */
  dashboardSessionMinutes: 30,
  /** The simulated lab reports results this long after the requisition (service clock). */
  simulatedResultsAfterHours: 48,
} as const;

export type ServiceConfig = typeof SERVICE_CONFIG;
