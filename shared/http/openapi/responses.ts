import * as z from 'zod';
import { RESULT_FLAGS } from '../../domain/results/types.js';
import { iso, named, orNull } from './schema-helpers.js';
import { panelEntry, testEntry } from './public-responses.js';

// Response schemas: the shapes the service answers with. They feed the OpenAPI documents and the
// contract tests, which validate real responses against them. Each resource carries its component
// name (`.meta({ id })`) so generated clients get a type per resource.

export { availability, compactCatalog, publicCatalog, quote } from './public-responses.js';

export const orderStatus = named(
  z.enum(['processing', 'requisition_ready', 'results_ready', 'cancelled']),
  'OrderStatus',
  'The order status partners see.',
);

export const publicError = named(
  z.object({
    error: z.object({ code: z.string(), message: z.string(), ids: z.array(z.string()).optional(), docs: z.url() }),
  }),
  'PublicError',
);
export const partnerError = named(
  z.object({
    error: z.object({ code: z.string(), message: z.string(), details: z.record(z.string(), z.unknown()).optional() }),
  }),
  'PartnerError',
);

/** The error shape of one operation's status, its code narrowed to what that status can carry. */
export function errorFor(surface: 'public' | 'partner', codes: readonly [string, ...string[]]) {
  return surface === 'public'
    ? z.object({
        error: z.object({
          code: z.enum(codes),
          message: z.string(),
          ids: z.array(z.string()).optional(),
          docs: z.url(),
        }),
      })
    : z.object({
        error: z.object({
          code: z.enum(codes),
          message: z.string(),
          details: z.record(z.string(), z.unknown()).optional(),
        }),
      });
}

const fees = named(
  z.object({
    labCollectionCents: z.number().int(),
    physicianOrderCents: z.number().int(),
    totalCents: z.number().int(),
  }),
  'OrderFees',
  'Your per-order fees.',
);
const partnerTestEntry = named(
  testEntry.extend({
    labOrderCode: z
      .string()
      .describe("The contracted lab's own order code for this test (what the lab's order message carries)."),
  }),
  'PartnerCatalogTest',
);
export const partnerCatalog = named(
  z.object({
    fees: fees.extend({ chargedPer: z.literal('order') }),
    restrictedStates: z.array(z.string()),
    tests: z.array(partnerTestEntry),
    panels: z.array(panelEntry),
  }),
  'PartnerCatalog',
);

const address = named(
  z.object({
    line1: z.string(),
    line2: z.string().nullable().optional(),
    city: z.string(),
    state: z.string(),
    zip: z.string(),
  }),
  'Address',
);
export const location = named(
  z.object({
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
  }),
  'Location',
  'A draw site.',
);
export const locations = named(z.object({ data: z.array(location) }), 'LocationList');

export const order = named(
  z.object({
    id: z.string().regex(/^order_/),
    externalId: z.string().nullable(),
    status: orderStatus,
    createdAt: iso,
    cancellableUntil: iso,
    items: z.array(
      named(
        z.object({
          id: z.string(),
          type: z.enum(['test', 'panel']),
          name: z.string(),
          priceCents: z.number().int(),
          fastingRequired: z.boolean(),
        }),
        'OrderItem',
      ),
    ),
    fees,
    subtotalCents: z.number().int(),
    totalCents: z.number().int(),
    payment: named(
      z.object({
        status: z.enum(['succeeded', 'refunded', 'refund_pending']),
        amountCents: z.number().int(),
        currency: z.literal('usd'),
        paymentIntentId: z.string(),
      }),
      'Payment',
    ),
    patient: named(
      z.object({
        firstName: z.string(),
        lastName: z.string(),
        dateOfBirth: z.string(),
        sex: z.enum(['female', 'male']),
        email: z.string().nullable(),
        phone: z.string().nullable(),
        address,
      }),
      'Patient',
    ),
    guardian: named(
      z.object({
        firstName: z.string(),
        lastName: z.string(),
        email: z.string(),
        relationship: z.enum(['parent', 'legal_guardian', 'other']),
      }),
      'Guardian',
    ).optional(),
    fastingRequired: z.boolean(),
    preferredLocation: orNull(
      named(z.object({ id: z.string(), name: z.string(), address, phone: z.string() }), 'PreferredLocation'),
    ),
    requisition: named(
      z.object({ status: z.enum(['pending', 'ready']), number: z.string().nullable(), issuedAt: iso.nullable() }),
      'RequisitionStatus',
    ),
    results: named(z.object({ status: z.enum(['pending', 'ready']), reportedAt: iso.nullable() }), 'ResultsStatus'),
    metadata: z.record(z.string(), z.string()),
    cancelledAt: iso.optional(),
    refund: z.enum(['issued', 'pending']).optional(),
  }),
  'Order',
);
export const orderList = named(
  z.object({ data: z.array(order), nextCursor: z.string().nullable() }),
  'OrderList',
  'A page of orders. Page until nextCursor is null: a page may be empty before the end.',
);
export const signedDocument = named(
  z.object({ url: z.url(), expiresAt: iso }),
  'SignedDocument',
  'A document as a signed URL, valid 15 minutes; call again for a fresh one.',
);
export const analyte = named(
  z.object({
    name: z.string(),
    labTestCode: z.string(),
    value: z.number().nullable(),
    valueText: z.string().nullable().optional(),
    unit: z.string(),
    referenceRange: z.string(),
    referenceRangeLow: z.number().nullable(),
    referenceRangeHigh: z.number().nullable(),
    flag: orNull(
      named(
        z.enum(RESULT_FLAGS),
        'ResultFlag',
        'From most to least concerning. A null flag means no verdict was made: never read it as normal.',
      ),
    ),
    notReported: z.boolean(),
    reportedAt: iso,
    corrections: z
      .array(
        z.object({
          value: z.number().nullable(),
          valueText: z.string().nullable(),
          flag: z.enum(RESULT_FLAGS).nullable(),
          reportedAt: iso,
        }),
      )
      .optional()
      .describe('Earlier values the lab corrected (OBX-11 C) or withdrew (D), oldest first.'),
  }),
  'Analyte',
);
export const results = named(
  z.object({
    status: orderStatus,
    reportedAt: iso,
    source: z.enum(['lab_electronic', 'operator_upload']),
    pdfs: z.array(named(z.object({ id: z.string(), label: z.string(), url: z.url(), expiresAt: iso }), 'ResultPdf')),
    analytes: z.array(analyte),
  }),
  'ResultsDocument',
);
export const delivery = named(
  z.object({
    id: z.string(),
    type: z.string(),
    orderId: z.string(),
    status: z.enum(['pending', 'succeeded', 'failed', 'no_endpoint']),
    createdAt: iso,
    attemptCount: z.number().int(),
    attempts: z.array(
      named(
        z.object({
          at: iso,
          durationMs: z.number(),
          httpStatus: z.number().int().nullable(),
          error: z.string().nullable(),
          kind: z.enum(['scheduled', 'replay']),
        }),
        'DeliveryAttempt',
      ),
    ),
    nextAttemptAt: iso.nullable(),
  }),
  'Delivery',
  'A webhook delivery with every attempt.',
);
export const deliveries = named(z.object({ data: z.array(delivery) }), 'DeliveryList');
export const webhookTest = named(
  z.object({
    id: z.string(),
    delivered: z.boolean(),
    httpStatus: z.number().int().nullable(),
    error: z.string().nullable(),
    durationMs: z.number(),
  }),
  'WebhookTestResult',
  'What happened when the test event was sent to your endpoint.',
);
export const ORDER_EVENT_TYPES = ['order.requisition_ready', 'order.results_ready', 'order.cancelled'] as const;
export const webhookPayload = named(
  z.object({
    id: z.string().describe('<order_id>__<event_type>__<trigger>, equal to X-Service-Delivery'),
    type: z.enum(ORDER_EVENT_TYPES),
    createdAt: iso,
    data: z.object({ orderId: z.string(), externalId: z.string().nullable(), status: orderStatus }),
  }),
  'WebhookEvent',
  'An order event. Ids only: never patient data or test names. data.status is a hint: fetch the order.',
);
export const webhookTestEvent = named(
  z.object({
    id: z.string().describe('A dlv_ id, equal to X-Service-Delivery'),
    type: z.literal('webhook.test'),
    createdAt: iso,
    data: z.object({ orderId: z.null(), externalId: z.null(), status: z.null() }),
  }),
  'WebhookTestEvent',
  'Sent only when you ask for it (POST /api/v1/webhooks/test); never recorded or retried.',
);
export const openApiDocument = named(
  z.object({ openapi: z.string(), info: z.object({ title: z.string(), version: z.string() }) }).catchall(z.unknown()),
  'OpenApiDocument',
  'An OpenAPI 3.1 document.',
);
