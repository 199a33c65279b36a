import { OpenAPIRegistry, OpenApiGeneratorV31, extendZodWithOpenApi } from '@asteasolutions/zod-to-openapi';
import { z, type ZodType } from 'zod';
import { ROUTES, type Route } from '../../routes.js';
import { ERROR_CATALOGUE, type ErrorCode } from '../errors.js';
import { createOrderSchema, listOrdersQuerySchema, locationsQuerySchema } from '../schemas/partner.js';
import { deliveriesQuerySchema } from '../schemas/webhooks.js';
import * as R from './responses.js';

extendZodWithOpenApi(z);

interface Operation {
  summary: string;
  query?: z.ZodObject;
  body?: ZodType;
  idempotent?: boolean;
  ok: { status: number; schema: ZodType; description: string; headers?: Record<string, string> };
  errors: ErrorCode[];
}

const AUTH_ERRORS: ErrorCode[] = ['invalid_api_key', 'wrong_environment', 'partner_suspended'];
const orderId = z.object({ id: z.string().describe('Order id, prefixed order_') });

/** What each public or partner route does: the route table says where, this says what. */
export const OPERATIONS: Record<string, Operation> = {
  'GET /api/public/v1/quote': {
    summary: 'All-in price of a basket, with eligibility for a state',
    query: z.object({
      items: z.string().describe('Comma-separated catalogue ids, at most 50; duplicates ignored'),
      state: z
        .string()
        .regex(/^[A-Za-z]{2}$/)
        .optional(),
    }),
    ok: { status: 200, schema: R.quote, description: 'A Quote' },
    errors: ['missing_items', 'too_many_items', 'invalid_item_id', 'unknown_items', 'invalid_state', 'rate_limited'],
  },
  'GET /api/public/v1/availability': {
    summary: 'Whether orders can be placed from a state, optionally for one item',
    query: z.object({ state: z.string().regex(/^[A-Za-z]{2}$/), item: z.string().optional() }),
    ok: { status: 200, schema: R.availability, description: 'An Availability' },
    errors: ['missing_state', 'invalid_state', 'invalid_item_id', 'unknown_items', 'rate_limited'],
  },
  'GET /api/tests': {
    summary: 'Full public catalogue',
    ok: { status: 200, schema: R.publicCatalog, description: 'Every test and panel' },
    errors: ['rate_limited'],
  },
  'GET /api/catalog': {
    summary: 'Compact catalogue for language-model grounding',
    query: z.object({ locale: z.enum(['en', 'es']).optional(), utm_medium: z.string().optional() }),
    ok: { status: 200, schema: R.compactCatalog, description: 'Compact catalogue; price is integer cents' },
    errors: ['rate_limited'],
  },
  'GET /api/v1/catalog': {
    summary: 'Orderable tests and panels with your per-order fees',
    ok: {
      status: 200,
      schema: R.partnerCatalog,
      description: 'Catalogue',
      headers: { 'Cache-Control': 'private, max-age=300' },
    },
    errors: [],
  },
  'GET /api/v1/locations': {
    summary: 'Draw sites near a ZIP or a point, nearest first',
    query: locationsQuerySchema,
    ok: { status: 200, schema: R.locations, description: 'Draw sites' },
    errors: ['validation_error'],
  },
  'POST /api/v1/orders': {
    summary: 'Place an order (charged to your payment method)',
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
    summary: 'Your orders, newest first; page until nextCursor is null',
    query: listOrdersQuerySchema,
    ok: { status: 200, schema: R.orderList, description: 'A page of orders' },
    errors: ['validation_error'],
  },
  'GET /api/v1/orders/{id}': {
    summary: 'One order',
    ok: { status: 200, schema: R.order, description: 'The order' },
    errors: ['not_found'],
  },
  'DELETE /api/v1/orders/{id}': {
    summary: 'Cancel within the hour, before the lab has it; refunds the charge',
    ok: { status: 200, schema: R.order, description: 'The cancelled order with refund' },
    errors: ['not_found', 'cannot_cancel', 'internal_error'],
  },
  'GET /api/v1/orders/{id}/requisition': {
    summary: 'The requisition PDF as a 15-minute signed URL',
    ok: { status: 200, schema: R.signedDocument, description: 'Requisition document' },
    errors: ['not_found', 'not_ready'],
  },
  'GET /api/v1/orders/{id}/results': {
    summary: 'Structured results and result PDFs',
    ok: { status: 200, schema: R.results, description: 'Results document' },
    errors: ['not_found', 'not_ready'],
  },
  'GET /api/v1/webhooks/deliveries': {
    summary: 'Your webhook delivery log with every attempt',
    query: deliveriesQuerySchema.omit({ partnerId: true }),
    ok: { status: 200, schema: R.deliveries, description: 'Deliveries' },
    errors: ['validation_error'],
  },
  'POST /api/v1/webhooks/deliveries/{id}/replay': {
    summary: 'Send one of your deliveries again now',
    ok: { status: 200, schema: R.delivery, description: 'The delivery with the new attempt' },
    errors: ['not_found', 'idempotency_in_progress'],
  },
  'POST /api/v1/webhooks/test': {
    summary: 'Send a signed webhook.test event to your endpoint now',
    ok: { status: 200, schema: R.webhookTest, description: 'What happened' },
    errors: [],
  },
  'POST /api/v1/sandbox/orders/{id}/advance': {
    summary: 'Sandbox: move an order to its next checkpoint now',
    ok: { status: 200, schema: R.order, description: 'The order' },
    errors: ['not_found', 'validation_error'],
  },
  'POST /api/v1/sandbox/orders/{id}/simulate': {
    summary:
      'Sandbox: rehearse a scenario (placement_unconfirmed, external_draft, placement_in_progress, placed_awaiting_requisition, critical_results, withheld_analyte, refund_pending)',
    body: z.object({ scenario: z.string() }),
    ok: { status: 200, schema: R.order, description: 'The order' },
    errors: ['not_found', 'validation_error'],
  },
  'GET /api/public/v1/openapi.json': {
    summary: 'This document',
    ok: { status: 200, schema: z.object({}).passthrough(), description: 'OpenAPI 3.1' },
    errors: [],
  },
  'GET /api/v1/openapi.json': {
    summary: 'This document',
    ok: { status: 200, schema: z.object({}).passthrough(), description: 'OpenAPI 3.1' },
    errors: [],
  },
};

const key = (r: Pick<Route, 'method' | 'path'>) => `${r.method} ${r.path}`;

/** The routes each document describes: the public JSON API, and the partner API. */
export function documentedRoutes(which: 'public' | 'partner'): Route[] {
  return ROUTES.filter((r) =>
    which === 'public' ? r.api === 'public' && r.path.startsWith('/api/') : r.api === 'partner',
  );
}

function errorResponses(codes: ErrorCode[], schema: ZodType) {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const c of codes)
    byStatus.set(ERROR_CATALOGUE[c].status, [...(byStatus.get(ERROR_CATALOGUE[c].status) ?? []), c]);
  return Object.fromEntries(
    [...byStatus].map(([status, cs]) => [
      String(status),
      {
        description: cs.map((c) => `\`${c}\`: ${ERROR_CATALOGUE[c].message}`).join('\n\n'),
        content: { 'application/json': { schema } },
        ...(cs.includes('rate_limited')
          ? {
              headers: {
                'Retry-After': { description: 'Whole seconds to wait', schema: { type: 'integer' as const } },
              },
            }
          : {}),
      },
    ]),
  );
}

const built = new Map<string, ReturnType<typeof generate>>();
// The origin comes from the request's Host, so the cache is bounded: a caller varying it cannot grow memory.
const MAX_CACHED = 16;

/** The document for an origin, generated once per container (it only changes with a deploy). */
export function buildDocument(which: 'public' | 'partner', origin: string) {
  const key = `${which} ${origin}`;
  let doc = built.get(key);
  if (!doc) {
    doc = generate(which, origin);
    if (built.size >= MAX_CACHED) built.clear();
    built.set(key, doc);
  }
  return structuredClone(doc);
}

function generate(which: 'public' | 'partner', origin: string) {
  const registry = new OpenAPIRegistry();
  const partner = which === 'partner';
  if (partner)
    registry.registerComponent('securitySchemes', 'bearer', {
      type: 'http',
      scheme: 'bearer',
      description: 'Authorization: Bearer sk_test_... (sandbox) or sk_live_... (production)',
    });
  for (const route of documentedRoutes(which)) {
    const op = OPERATIONS[key(route)];
    if (!op) throw new Error(`No OpenAPI operation for ${key(route)}: add it to OPERATIONS`);
    const isDocument = route.path.endsWith('openapi.json');
    registry.registerPath({
      method: route.method.toLowerCase() as 'get',
      path: route.path,
      summary: op.summary,
      // Keyless operations say so explicitly.
      security: partner && !isDocument ? [{ bearer: [] }] : [],
      request: {
        ...(op.query ? { query: op.query } : {}),
        ...(route.path.includes('{id}') ? { params: orderId } : {}),
        ...(op.body ? { body: { content: { 'application/json': { schema: op.body } } } } : {}),
        ...(op.idempotent
          ? {
              headers: z.object({
                'Idempotency-Key': z
                  .string()
                  .regex(/^[A-Za-z0-9_.-]{1,100}$/)
                  .describe('One per logical order; reuse it on every retry of that order (held 24 hours)'),
              }),
            }
          : {}),
      },
      responses: {
        [String(op.ok.status)]: {
          description: op.ok.description,
          content: { 'application/json': { schema: op.ok.schema } },
          ...(op.ok.headers
            ? {
                headers: Object.fromEntries(
                  Object.entries(op.ok.headers).map(([h, v]) => [
                    h,
                    { description: v, schema: { type: 'string' as const } },
                  ]),
                ),
              }
            : {}),
        },
        ...errorResponses(
          partner && !isDocument ? [...op.errors, ...AUTH_ERRORS] : op.errors,
          partner ? R.partnerError : R.publicError,
        ),
      },
    });
  }
  if (partner) {
    for (const type of ['order.requisition_ready', 'order.results_ready', 'order.cancelled']) {
      registry.registerWebhook({
        method: 'post',
        path: type,
        security: [],
        summary: `Sent when ${type === 'order.cancelled' ? 'you cancel an order through DELETE /api/v1/orders/{id}' : `the order status becomes ${type.slice(6)}`}. At-least-once: dedupe on X-Service-Delivery.`,
        request: {
          headers: z.object({
            'X-Service-Event': z.literal(type),
            'X-Service-Delivery': z.string().describe('Unique, stable delivery id'),
            'X-Service-Signature': z
              .string()
              .describe(
                't=<unix seconds>,v1=<hex HMAC-SHA256 of "t.<raw body>"> with your signing secret; reject beyond 300 s',
              ),
            'User-Agent': z.literal('Service-Webhooks/1'),
          }),
          body: { content: { 'application/json': { schema: R.webhookPayload } } },
        },
        responses: {
          '200': { description: 'Answer 2xx directly; redirects are not followed, and anything else is retried' },
        },
      });
    }
  }
  return new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: '3.1.0',
    info: {
      title: partner ? 'Lab Tests Partner API' : 'Lab Tests Public Quote API',
      version: '1.0.0',
      description: partner
        ? 'Order lab tests for your end users, charged to your payment method. Money is integer cents in USD.'
        : 'Keyless quotes and availability. Rate limited per client IP.',
    },
    servers: [{ url: origin }],
  });
}
