import * as z from 'zod';
import { iso, named } from './schema-helpers.js';
import { panelEntry, testEntry } from './public-responses.js';
import { address, fees, orderStatus } from './order-responses.js';

// Response schemas: the shapes the service answers with. They feed the OpenAPI documents and the
// contract tests, which validate real responses against them. Each resource carries its component
// name (`.meta({ id })`) so generated clients get a type per resource.

export { availability, compactCatalog, publicCatalog, quote } from './public-responses.js';
export { analyte, order, orderList, orderStatus, results, signedDocument } from './order-responses.js';

/** The error body of each surface: the public one links its docs, the partner one may give details. */
function errorBody(surface: 'public' | 'partner', code: z.ZodType<string>) {
  return z.object({
    error: z.object(
      surface === 'public'
        ? { code, message: z.string(), ids: z.array(z.string()).optional(), docs: z.url() }
        : { code, message: z.string(), details: z.record(z.string(), z.unknown()).optional() },
    ),
  });
}
export const publicError = named(errorBody('public', z.string()), 'PublicError');
export const partnerError = named(errorBody('partner', z.string()), 'PartnerError');

/** The error shape of one operation's status, its code narrowed to what that status can carry. */
export function errorFor(surface: 'public' | 'partner', codes: readonly [string, ...string[]]) {
  return errorBody(surface, z.enum(codes));
}

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
