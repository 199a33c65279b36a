import { z } from 'zod';
import { RESULT_FLAGS } from '../../domain/results/types.js';

// Response schemas: the shapes the service answers with. They feed the OpenAPI documents and the
// contract tests, which validate real responses against them.

const iso = z.iso.datetime({ offset: true });
const reason = z.enum(['state_restricted', 'test_not_offered_in_state']);

export const publicError = z.object({
  error: z.object({ code: z.string(), message: z.string(), ids: z.array(z.string()).optional(), docs: z.url() }),
});
export const partnerError = z.object({
  error: z.object({ code: z.string(), message: z.string(), details: z.record(z.string(), z.unknown()).optional() }),
});

export const quote = z.object({
  currency: z.literal('USD'),
  items: z
    .array(
      z.object({
        id: z.string(),
        type: z.enum(['test', 'panel']),
        name: z.string(),
        url: z.url(),
        unitPriceCents: z.number().int().min(1),
        quantity: z.literal(1),
      }),
    )
    .min(1),
  subtotalCents: z.number().int().min(0),
  orderFee: z.object({
    label: z.string(),
    description: z.string(),
    amountCents: z.number().int().min(0),
    chargedPer: z.literal('order'),
  }),
  totalCents: z.number().int().min(0),
  eligibility: z
    .object({
      state: z.string(),
      available: z.boolean(),
      reason: reason.nullable(),
      message: z.string().nullable(),
      unavailableItems: z.array(z.object({ id: z.string(), reason })),
    })
    .nullable(),
  checkoutUrl: z.url(),
  updatedAt: iso,
  restrictedStates: z.array(z.string()),
  catalogUrl: z.url(),
});

export const availability = z.object({
  state: z.string(),
  available: z.boolean(),
  reason: reason.nullable(),
  message: z.string().nullable(),
  item: z
    .object({ id: z.string(), available: z.boolean(), reason: reason.nullable(), message: z.string().nullable() })
    .nullable(),
  restrictedStates: z.array(z.string()),
  catalogUrl: z.url(),
  updatedAt: iso,
});

const testEntry = z.object({
  id: z.string(),
  type: z.literal('test'),
  name: z.string(),
  description: z.string(),
  category: z.string(),
  priceCents: z.number().int(),
  url: z.url(),
  biomarkers: z.array(z.object({ name: z.string(), loinc: z.string().nullable(), unit: z.string().nullable() })),
  fastingRequired: z.boolean(),
  minorEligible: z.boolean(),
  unavailableStates: z.array(z.string()),
});
const panelEntry = z.object({
  id: z.string(),
  type: z.literal('panel'),
  name: z.string(),
  description: z.string(),
  category: z.string(),
  priceCents: z.number().int(),
  url: z.url(),
  testIds: z.array(z.string()),
});
export const publicCatalog = z.object({ version: z.string(), tests: z.array(testEntry), panels: z.array(panelEntry) });
export const compactCatalog = z.object({
  locale: z.enum(['en', 'es']),
  currency: z.literal('USD'),
  orderFee: z.object({ amountCents: z.number().int(), chargedPer: z.literal('order'), label: z.string() }),
  restrictedStates: z.array(z.string()),
  quoteApi: z.string(),
  tests: z.array(
    z.object({
      id: z.string(),
      type: z.string(),
      name: z.string(),
      price: z.number().int(),
      biomarkers: z.array(z.string()),
      category: z.string(),
      url: z.string(),
      description: z.string(),
    }),
  ),
  panels: z.array(
    z.object({
      id: z.string(),
      type: z.string(),
      name: z.string(),
      price: z.number().int(),
      biomarkers: z.array(z.string()),
      category: z.string(),
      url: z.string(),
      description: z.string(),
    }),
  ),
});

const fees = z.object({
  labCollectionCents: z.number().int(),
  physicianOrderCents: z.number().int(),
  totalCents: z.number().int(),
});
export const partnerCatalog = z.object({
  fees: fees.extend({ chargedPer: z.literal('order') }),
  restrictedStates: z.array(z.string()),
  tests: z.array(testEntry),
  panels: z.array(panelEntry),
});

const address = z.object({
  line1: z.string(),
  line2: z.string().nullable().optional(),
  city: z.string(),
  state: z.string(),
  zip: z.string(),
});
export const location = z.object({
  id: z.string(),
  name: z.string(),
  address,
  phone: z.string(),
  hours: z.array(z.object({ days: z.string(), open: z.string(), close: z.string() })),
  lat: z.number(),
  lng: z.number(),
  services: z.array(z.string()),
  appointmentRequired: z.boolean(),
  timezone: z.string(),
  distanceMiles: z.number(),
});
export const locations = z.object({ data: z.array(location) });

export const order = z.object({
  id: z.string().regex(/^order_/),
  externalId: z.string().nullable(),
  status: z.enum(['processing', 'requisition_ready', 'results_ready', 'cancelled']),
  createdAt: iso,
  cancellableUntil: iso,
  items: z.array(
    z.object({
      id: z.string(),
      type: z.enum(['test', 'panel']),
      name: z.string(),
      priceCents: z.number().int(),
      fastingRequired: z.boolean(),
    }),
  ),
  fees,
  subtotalCents: z.number().int(),
  totalCents: z.number().int(),
  payment: z.object({
    status: z.enum(['succeeded', 'refunded', 'refund_pending']),
    amountCents: z.number().int(),
    currency: z.literal('usd'),
    paymentIntentId: z.string(),
  }),
  patient: z.object({
    firstName: z.string(),
    lastName: z.string(),
    dateOfBirth: z.string(),
    sex: z.enum(['female', 'male']),
    email: z.string().nullable(),
    phone: z.string().nullable(),
    address,
  }),
  guardian: z
    .object({
      firstName: z.string(),
      lastName: z.string(),
      email: z.string(),
      relationship: z.enum(['parent', 'legal_guardian', 'other']),
    })
    .optional(),
  fastingRequired: z.boolean(),
  preferredLocation: z.object({ id: z.string(), name: z.string(), address, phone: z.string() }).nullable(),
  requisition: z.object({
    status: z.enum(['pending', 'ready']),
    number: z.string().nullable(),
    issuedAt: iso.nullable(),
  }),
  results: z.object({ status: z.enum(['pending', 'ready']), reportedAt: iso.nullable() }),
  metadata: z.record(z.string(), z.string()),
  cancelledAt: iso.optional(),
  refund: z.enum(['issued', 'pending']).optional(),
});
export const orderList = z.object({ data: z.array(order), nextCursor: z.string().nullable() });
export const signedDocument = z.object({ url: z.url(), expiresAt: iso });
export const results = z.object({
  status: z.enum(['processing', 'requisition_ready', 'results_ready', 'cancelled']),
  reportedAt: iso,
  source: z.enum(['lab_electronic', 'operator_upload']),
  pdfs: z.array(z.object({ id: z.string(), label: z.string(), url: z.url(), expiresAt: iso })),
  analytes: z.array(
    z.object({
      name: z.string(),
      labTestCode: z.string(),
      value: z.number().nullable(),
      valueText: z.string().nullable().optional(),
      unit: z.string(),
      referenceRange: z.string(),
      referenceRangeLow: z.number().nullable(),
      referenceRangeHigh: z.number().nullable(),
      flag: z.enum(RESULT_FLAGS).nullable(),
      notReported: z.boolean(),
      reportedAt: iso,
    }),
  ),
});
export const delivery = z.object({
  id: z.string(),
  type: z.string(),
  orderId: z.string(),
  status: z.enum(['pending', 'succeeded', 'failed', 'no_endpoint']),
  createdAt: iso,
  attemptCount: z.number().int(),
  attempts: z.array(
    z.object({
      at: iso,
      durationMs: z.number(),
      httpStatus: z.number().int().nullable(),
      error: z.string().nullable(),
      kind: z.enum(['scheduled', 'replay']),
    }),
  ),
  nextAttemptAt: iso.nullable(),
});
export const deliveries = z.object({ data: z.array(delivery) });
export const webhookTest = z.object({
  id: z.string(),
  delivered: z.boolean(),
  httpStatus: z.number().int().nullable(),
  error: z.string().nullable(),
  durationMs: z.number(),
});
export const webhookPayload = z.object({
  id: z.string().describe('<order_id>__<event_type>__<trigger>, equal to X-Service-Delivery'),
  type: z.enum(['order.requisition_ready', 'order.results_ready', 'order.cancelled']),
  createdAt: iso,
  data: z.object({
    orderId: z.string(),
    externalId: z.string().nullable(),
    status: z.enum(['processing', 'requisition_ready', 'results_ready', 'cancelled']),
  }),
});
