import { describe, expect, it } from 'vitest';
import type { ZodType } from 'zod';
import { ROUTES, type Route } from '../../shared/manifest/index.js';
import {
  buildDocument,
  documentedRoutes,
  OPERATIONS,
  operationFor,
  type DocumentKind,
} from '../../shared/http/openapi/documents.js';
import { examples, webhookExamples } from '../../shared/http/openapi/examples.js';
import { operatorExamples } from '../../shared/http/openapi/operator-examples.js';
import { genericOperatorOperation, OPERATOR_OPERATIONS } from '../../shared/http/openapi/operator.js';
import * as R from '../../shared/http/openapi/responses.js';

type Op = {
  operationId?: string;
  parameters?: Array<{ name: string; in: string; schema: Record<string, unknown>; example?: unknown }>;
  requestBody?: { content: Record<string, { schema: { $ref?: string }; example?: unknown }> };
  responses: Record<string, { content?: Record<string, { schema: { $ref?: string }; example?: unknown }> }>;
};
const KINDS = ['public', 'partner', 'operator'] as const;
const docs = Object.fromEntries(KINDS.map((k) => [k, buildDocument(k, 'http://localhost')])) as Record<
  DocumentKind,
  ReturnType<typeof buildDocument>
>;
const operationsOf = (which: DocumentKind) =>
  Object.entries(docs[which].paths ?? {}).flatMap(([path, item]) =>
    Object.entries(item as Record<string, Op>).map(([method, op]) => ({ key: `${method.toUpperCase()} ${path}`, op })),
  );

describe.each(KINDS)('%s OpenAPI document', (which) => {
  const doc = docs[which];
  const ops = operationsOf(which);

  it('is OpenAPI 3.1 at version 1.0.0', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.version).toBe('1.0.0');
  });

  it('documents exactly the routes of the route table, no more and no fewer', () => {
    expect(ops.map((o) => o.key).sort()).toEqual(
      documentedRoutes(which)
        .map((r) => `${r.method} ${r.path}`)
        .sort(),
    );
  });

  it('gives every operation a unique camelCase operationId', () => {
    const ids = ops.map((o) => o.op.operationId);
    for (const id of ids) expect(id).toMatch(/^[a-z][a-zA-Z0-9]*$/);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('every request body and every 2xx/4xx body references a named schema, with an example', () => {
    for (const { key, op } of ops) {
      for (const [type, media] of Object.entries(op.requestBody?.content ?? {})) {
        expect(media.schema.$ref, `${key} request ${type}`).toMatch(/^#\/components\/schemas\/\w+$/);
        expect(media.example, `${key} request example`).toBeDefined();
      }
      const statuses = Object.keys(op.responses);
      expect(statuses.some((s) => s.startsWith('2'))).toBe(true);
      expect(statuses.some((s) => s.startsWith('4'))).toBe(true);
      for (const [status, response] of Object.entries(op.responses)) {
        const media = response.content?.['application/json'];
        expect(media?.schema.$ref, `${key} ${status}`).toMatch(/^#\/components\/schemas\/\w+$/);
        expect(media?.example, `${key} ${status} example`).toBeDefined();
      }
    }
  });

  it('gives every parameter an example', () => {
    for (const { key, op } of ops)
      for (const p of op.parameters ?? []) expect(p.example, `${key} ${p.in} ${p.name}`).toBeDefined();
  });

  it('never writes a nullable reference the way validators misread (allOf with a null type)', () => {
    expect(JSON.stringify(doc)).not.toMatch(/"allOf":\[\{"\$ref":"[^"]+"\},\{"type":\[[^\]]*"null"/);
  });
});

describe('errors', () => {
  it('narrow each error code to an enum per operation and status', () => {
    const create = (docs.partner.paths?.['/api/v1/orders'] as { post: Op }).post;
    const schemas = docs.partner.components?.schemas as Record<string, { properties: Record<string, unknown> }>;
    const ref = create.responses['409']?.content?.['application/json']?.schema.$ref?.split('/').pop() as string;
    const code = (schemas[ref]?.properties.error as { properties: { code: { enum: string[] } } }).properties.code;
    expect(code.enum.sort()).toEqual(['idempotency_conflict', 'idempotency_in_progress', 'payment_in_flight']);
  });

  it('document a 429 with Retry-After on every public and every keyed partner operation', () => {
    for (const which of ['public', 'partner'] as const)
      for (const { key, op } of operationsOf(which)) {
        if (key === 'GET /api/v1/openapi.json') continue; // not behind the usage plan
        expect(op.responses['429'], key).toBeDefined();
        expect((op.responses['429'] as { headers?: object }).headers).toHaveProperty('Retry-After');
      }
  });

  it('document a 400 for a repeated parameter on every partner operation', () => {
    for (const { key, op } of operationsOf('partner'))
      expect(JSON.stringify(op.responses['400']), key).toContain('validation_error');
  });
});

describe('parameters', () => {
  const params = (path: string) =>
    Object.fromEntries(
      ((docs.partner.paths?.[path] as { get: Op }).get.parameters ?? []).map((p) => [p.name, p.schema]),
    );
  it('types numbers as numbers with their ranges', () => {
    expect(params('/api/v1/locations')).toMatchObject({
      lat: { type: 'number', minimum: -90, maximum: 90 },
      lng: { type: 'number', minimum: -180, maximum: 180 },
      radiusMiles: { type: 'number', exclusiveMinimum: 0, maximum: 250 },
      limit: { type: 'integer', minimum: 1, maximum: 200 },
    });
    expect(params('/api/v1/orders')).toMatchObject({
      limit: { type: 'integer', minimum: 1, maximum: 100 },
      status: { enum: ['processing', 'requisition_ready', 'results_ready', 'cancelled'] },
    });
  });
});

describe('examples', () => {
  const all = { ...examples('http://localhost'), ...operatorExamples() };
  it.each(ROUTES.filter((r) => operationFor(r)).map((r) => [`${r.method} ${r.path}`, r] as const))(
    '%s: its examples are valid bodies',
    (_name, route: Route) => {
      const op = operationFor(route)!;
      const ex = all[op.operationId];
      expect(ex, op.operationId).toBeDefined();
      expect(op.ok.schema.safeParse(ex?.response).error).toBeUndefined();
      if (op.body) expect((op.body as ZodType).safeParse(ex?.request).error).toBeUndefined();
    },
  );
  it('the webhook bodies are valid events', () => {
    for (const [type, body] of Object.entries(webhookExamples()))
      expect((type === 'webhook.test' ? R.webhookTestEvent : R.webhookPayload).safeParse(body).error).toBeUndefined();
  });
});

describe('partner document specifics', () => {
  const doc = docs.partner;
  it('has the bearer scheme, the Idempotency-Key header and the four webhooks', () => {
    expect(doc.components?.securitySchemes).toHaveProperty('bearer');
    const create = (doc.paths?.['/api/v1/orders'] as { post: Op }).post;
    expect(create.parameters?.some((p) => p.name === 'Idempotency-Key' && p.in === 'header')).toBe(true);
    for (const code of ['idempotency_conflict', 'payment_in_flight', 'payment_pending', 'no_payment_method'])
      expect(JSON.stringify(create.responses)).toContain(code);
    expect(Object.keys(doc.webhooks ?? {}).sort()).toEqual([
      'order.cancelled',
      'order.requisition_ready',
      'order.results_ready',
      'webhook.test',
    ]);
  });
  it('names the resources a generated client needs', () => {
    const names = Object.keys(doc.components?.schemas ?? {});
    for (const n of [
      'Order',
      'OrderList',
      'CreateOrderRequest',
      'PatientInput',
      'Patient',
      'Location',
      'ResultsDocument',
      'Analyte',
      'Delivery',
      'WebhookEvent',
      'WebhookTestEvent',
      'AuthenticationError',
      'NotFoundError',
    ])
      expect(names).toContain(n);
    expect(Object.keys(docs.public.components?.schemas ?? {})).toEqual(
      expect.arrayContaining(['Quote', 'Availability', 'GetQuoteError400', 'RateLimitedError']),
    );
  });
  it('keeps its operationIds stable (clients are generated from them)', () => {
    expect(Object.values(OPERATIONS).map((o) => o.operationId)).toEqual([
      'getQuote',
      'getAvailability',
      'listPublicTests',
      'getCompactCatalog',
      'getPublicOpenApi',
      'getCatalog',
      'listLocations',
      'createOrder',
      'listOrders',
      'getOrder',
      'cancelOrder',
      'getRequisition',
      'getResults',
      'listDeliveries',
      'replayDelivery',
      'sendTestWebhook',
      'advanceSandboxOrder',
      'simulateSandboxScenario',
      'getPartnerOpenApi',
    ]);
  });
  it('has no stale operations (every entry is a route)', () => {
    const all = new Set(ROUTES.map((r) => `${r.method} ${r.path}`));
    for (const k of [...Object.keys(OPERATIONS), ...Object.keys(OPERATOR_OPERATIONS)]) expect(all.has(k), k).toBe(true);
  });
});

describe('operator document', () => {
  it('is served as a route of the operator API', () => {
    expect(ROUTES.some((r) => r.path === '/admin/v1/openapi.json' && r.api === 'operator' && !r.localOnly)).toBe(true);
  });
  it('describes a route it has no entry for generically, so new operator routes appear at once', () => {
    const route: Route = {
      method: 'GET',
      path: '/admin/v1/audit',
      entry: 'functions/admin/audit.ts',
      fn: 'AdminAuditList',
      auth: 'operator',
      api: 'operator',
      tables: {},
    };
    const op = genericOperatorOperation(route);
    expect(op).toMatchObject({ operationId: 'auditList', ok: { status: 200, schema: expect.anything() } });
    expect(op.ok.schema.safeParse({ data: [] }).success).toBe(true);
  });
});
