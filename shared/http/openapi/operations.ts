import * as z from 'zod';
import type { ZodType } from 'zod';
import type { ErrorCode } from '../errors.js';
import { partnerRequestSchemas } from '../schemas/partner.js';
import { classicZod, documentedId } from '../schemas/classic.js';
import { deliveriesQuerySchema } from '../schemas/webhooks.js';
import { simulateSchema } from '../schemas/sandbox.js';
import * as R from './responses.js';

/** What a route does, for its OpenAPI operation: the route table says where, this says what. */
export interface Operation {
  /** camelCase and stable: generated clients name their methods after it. */
  operationId: string;
  summary: string;
  tag: string;
  /** Classic or zod/mini (the partner API's request schemas): the documents read either. */
  query?: z.core.$ZodObject;
  body?: z.core.$ZodType;
  idempotent?: boolean;
  ok: { status: number; schema: ZodType; description: string; headers?: Record<string, string> };
  errors: ErrorCode[];
}

/** The partner API's request schemas as classic zod, which the OpenAPI generator reads. */
const { createOrderSchema, listOrdersQuerySchema, locationsQuerySchema } = partnerRequestSchemas(
  classicZod,
  documentedId,
);

const STATE = z
  .string()
  .regex(/^[A-Za-z]{2}$/)
  .describe('2-letter US state code (the 50 states and DC), any letter case');

/** The public quote API and the public catalogue routes. */
export const PUBLIC_OPERATIONS: Record<string, Operation> = {
  'GET /api/public/v1/quote': {
    operationId: 'getQuote',
    summary: 'All-in price of a basket, with eligibility for a state',
    tag: 'Quotes',
    query: z.object({
      items: z
        .string()
        .describe(
          'Comma-separated catalogue ids, at most 50 distinct; duplicates ignored. Repeated items parameters are merged as if comma-joined.',
        ),
      state: STATE.optional(),
    }),
    ok: { status: 200, schema: R.quote, description: 'A Quote' },
    errors: ['missing_items', 'too_many_items', 'invalid_item_id', 'unknown_items', 'invalid_state', 'rate_limited'],
  },
  'GET /api/public/v1/availability': {
    operationId: 'getAvailability',
    summary: 'Whether orders can be placed from a state, optionally for one item',
    tag: 'Quotes',
    query: z.object({ state: STATE, item: z.string().describe('One catalogue id').optional() }),
    ok: { status: 200, schema: R.availability, description: 'An Availability' },
    errors: ['missing_state', 'invalid_state', 'invalid_item_id', 'unknown_items', 'rate_limited'],
  },
  'GET /api/tests': {
    operationId: 'listPublicTests',
    summary: 'Full public catalogue',
    tag: 'Catalogue',
    ok: { status: 200, schema: R.publicCatalog, description: 'Every test and panel' },
    errors: ['rate_limited'],
  },
  'GET /api/catalog': {
    operationId: 'getCompactCatalog',
    summary: 'Compact catalogue for language-model grounding',
    tag: 'Catalogue',
    query: z.object({
      locale: z
        .enum(['en', 'es'])
        .describe('Language of names and descriptions; any other value answers in English (Content-Language: en)')
        .optional(),
      utm_medium: z
        .string()
        .regex(/^[A-Za-z0-9_.-]{1,50}$/)
        .describe('Carried into every url for attribution')
        .optional(),
    }),
    ok: {
      status: 200,
      schema: R.compactCatalog,
      description: 'Compact catalogue; price is integer cents',
      headers: { 'Content-Language': 'The language answered in: en or es (also in the body as locale)' },
    },
    errors: ['invalid_parameter', 'rate_limited'],
  },
  'GET /api/public/v1/openapi.json': {
    operationId: 'getPublicOpenApi',
    summary: 'This document',
    tag: 'Documents',
    ok: { status: 200, schema: R.openApiDocument, description: 'OpenAPI 3.1' },
    errors: ['rate_limited'],
  },
};

/** The partner API. Every operation may also answer the authentication errors, 429 and a repeated-parameter 400. */
export const PARTNER_OPERATIONS: Record<string, Operation> = {
  'GET /api/v1/catalog': {
    operationId: 'getCatalog',
    summary: 'Orderable tests and panels with your per-order fees',
    tag: 'Catalogue',
    ok: {
      status: 200,
      schema: R.partnerCatalog,
      description: 'Catalogue',
      headers: { 'Cache-Control': 'private, max-age=300' },
    },
    errors: [],
  },
  'GET /api/v1/locations': {
    operationId: 'listLocations',
    summary: 'Draw sites near a ZIP or a point, nearest first',
    tag: 'Locations',
    query: locationsQuerySchema,
    ok: { status: 200, schema: R.locations, description: 'Draw sites' },
    errors: ['validation_error'],
  },
  'POST /api/v1/orders': {
    operationId: 'createOrder',
    summary: 'Place an order (charged to your payment method)',
    tag: 'Orders',
    body: createOrderSchema,
    idempotent: true,
    ok: { status: 201, schema: R.order, description: 'The order, or a replay of the first success for this key' },
    errors: [
      'idempotency_key_required',
      'validation_error',
      'minor_not_eligible',
      'unavailable_in_state',
      'unknown_item',
      'unknown_location',
      'no_payment_method',
      'payment_failed',
      'idempotency_in_progress',
      'idempotency_conflict',
      'payment_in_flight',
      'internal_error',
      'payment_provider_error',
      'payment_pending',
    ],
  },
  'GET /api/v1/orders': {
    operationId: 'listOrders',
    summary: 'Your orders, newest first; page until nextCursor is null',
    tag: 'Orders',
    query: listOrdersQuerySchema,
    ok: { status: 200, schema: R.orderList, description: 'A page of orders' },
    errors: ['validation_error'],
  },
  'GET /api/v1/orders/{id}': {
    operationId: 'getOrder',
    summary: 'One order',
    tag: 'Orders',
    ok: { status: 200, schema: R.order, description: 'The order' },
    errors: ['not_found'],
  },
  'DELETE /api/v1/orders/{id}': {
    operationId: 'cancelOrder',
    summary: 'Cancel within the hour, before the lab has it; refunds the charge',
    tag: 'Orders',
    ok: { status: 200, schema: R.order, description: 'The cancelled order with refund' },
    errors: ['not_found', 'cannot_cancel', 'internal_error'],
  },
  'GET /api/v1/orders/{id}/requisition': {
    operationId: 'getRequisition',
    summary: 'The requisition PDF as a 15-minute signed URL',
    tag: 'Orders',
    ok: { status: 200, schema: R.signedDocument, description: 'Requisition document' },
    errors: ['not_found', 'not_ready'],
  },
  'GET /api/v1/orders/{id}/results': {
    operationId: 'getResults',
    summary: 'Structured results and result PDFs',
    tag: 'Orders',
    ok: { status: 200, schema: R.results, description: 'Results document' },
    errors: ['not_found', 'not_ready'],
  },
  'GET /api/v1/webhooks/deliveries': {
    operationId: 'listDeliveries',
    summary: 'Your webhook delivery log with every attempt',
    tag: 'Webhooks',
    query: deliveriesQuerySchema.omit({ partnerId: true }),
    ok: { status: 200, schema: R.deliveries, description: 'Deliveries' },
    errors: ['validation_error'],
  },
  'POST /api/v1/webhooks/deliveries/{id}/replay': {
    operationId: 'replayDelivery',
    summary: 'Send one of your deliveries again now',
    tag: 'Webhooks',
    ok: { status: 200, schema: R.delivery, description: 'The delivery with the new attempt' },
    errors: ['not_found', 'idempotency_in_progress'],
  },
  'POST /api/v1/webhooks/test': {
    operationId: 'sendTestWebhook',
    summary: 'Send a signed webhook.test event to your endpoint now',
    tag: 'Webhooks',
    ok: { status: 200, schema: R.webhookTest, description: 'What happened' },
    errors: [],
  },
  'POST /api/v1/sandbox/orders/{id}/advance': {
    operationId: 'advanceSandboxOrder',
    summary: 'Sandbox: move an order to its next checkpoint now',
    tag: 'Sandbox',
    ok: { status: 200, schema: R.order, description: 'The order' },
    errors: ['not_found', 'validation_error'],
  },
  'POST /api/v1/sandbox/orders/{id}/simulate': {
    operationId: 'simulateSandboxScenario',
    summary: 'Sandbox: rehearse a scenario the happy path never reaches',
    tag: 'Sandbox',
    body: simulateSchema,
    ok: { status: 200, schema: R.order, description: 'The order' },
    errors: ['not_found', 'validation_error'],
  },
  'GET /api/v1/openapi.json': {
    operationId: 'getPartnerOpenApi',
    summary: 'This document',
    tag: 'Documents',
    ok: { status: 200, schema: R.openApiDocument, description: 'OpenAPI 3.1' },
    errors: ['validation_error'],
  },
};
