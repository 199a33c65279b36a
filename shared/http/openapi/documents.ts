import { OpenAPIRegistry, OpenApiGeneratorV31, extendZodWithOpenApi } from '@asteasolutions/zod-to-openapi';
import * as z from 'zod';
import type { ZodType } from 'zod';
import { ROUTES, type Route } from '../../routes.js';
import { ERROR_CATALOGUE, type ErrorCode } from '../errors.js';
import { PARTNER_OPERATIONS, PUBLIC_OPERATIONS, type Operation } from './operations.js';
import { OPERATOR_OPERATIONS, genericOperatorOperation } from './operator.js';
import { examples, PARAMETER_EXAMPLES, type Example } from './examples.js';
import { operatorExamples } from './operator-examples.js';
import { registerWebhooks } from './webhooks.js';
import { pascal } from './schema-helpers.js';
import { polishDocument } from './polish.js';
import * as R from './responses.js';

extendZodWithOpenApi(z);

export type { Operation } from './operations.js';
export type DocumentKind = 'public' | 'partner' | 'operator';

/** Every public and partner operation, by `METHOD /path`. */
export const OPERATIONS: Record<string, Operation> = { ...PUBLIC_OPERATIONS, ...PARTNER_OPERATIONS };

const AUTH_ERRORS: ErrorCode[] = ['invalid_api_key', 'wrong_environment', 'partner_suspended'];
/** Every partner request can be throttled by its usage plan (429), and a repeated query parameter is a 400. */
const PARTNER_ERRORS: ErrorCode[] = ['validation_error', 'rate_limited'];

const key = (r: Pick<Route, 'method' | 'path'>) => `${r.method} ${r.path}`;

/** The routes each document describes: the public JSON API, the partner API, the operator API (deployed routes). */
export function documentedRoutes(which: DocumentKind): Route[] {
  return ROUTES.filter((r) =>
    which === 'public'
      ? r.api === 'public' && r.path.startsWith('/api/')
      : which === 'partner'
        ? r.api === 'partner'
        : r.api === 'operator' && !r.localOnly,
  );
}

/** A route's operation, with every error it can answer (the contract tests hold responses to these). */
export function operationFor(route: Route): Operation | undefined {
  const k = key(route);
  if (route.api === 'operator') {
    if (route.localOnly) return undefined;
    const op = OPERATOR_OPERATIONS[k] ?? genericOperatorOperation(route);
    return { ...op, errors: [...new Set<ErrorCode>([...op.errors, 'validation_error', 'unauthorized'])] };
  }
  const op = OPERATIONS[k];
  if (!op || route.api !== 'partner') return op;
  const isDocument = route.path.endsWith('openapi.json');
  return { ...op, errors: [...new Set([...op.errors, ...(isDocument ? [] : [...AUTH_ERRORS, ...PARTNER_ERRORS])])] };
}

/** The errors of one operation by status, each status with a named schema whose code is an enum. */
export function errorSchemas(route: Route, op: Operation): Map<number, { codes: ErrorCode[]; schema: ZodType }> {
  const surface = route.api === 'public' ? 'public' : 'partner';
  const byStatus = new Map<number, ErrorCode[]>();
  for (const c of op.errors) {
    const status = ERROR_CATALOGUE[c].status;
    byStatus.set(status, [...(byStatus.get(status) ?? []), c]);
  }
  return new Map(
    [...byStatus].map(([status, codes]) => {
      const name =
        codes.length === 1
          ? `${pascal((codes[0] as string).replace(/_error$/, ''))}Error`
          : codes.join() === 'invalid_api_key,wrong_environment'
            ? 'AuthenticationError'
            : `${pascal(op.operationId)}Error${status}`;
      const schema = R.errorFor(surface, codes as [ErrorCode, ...ErrorCode[]]).openapi(name);
      return [status, { codes, schema }];
    }),
  );
}

function errorExample(surface: 'public' | 'partner', code: ErrorCode, origin: string) {
  const { message } = ERROR_CATALOGUE[code];
  return surface === 'public'
    ? { error: { code, message, docs: `${origin}/docs#error-${code}` } }
    : {
        error: {
          code,
          message,
          ...(code === 'validation_error'
            ? { details: { fields: { limit: 'must be a whole number from 1 to 100' } } }
            : {}),
        },
      };
}

function errorResponses(route: Route, op: Operation, origin: string) {
  const surface = route.api === 'public' ? 'public' : 'partner';
  return Object.fromEntries(
    [...errorSchemas(route, op)].map(([status, { codes, schema }]) => [
      String(status),
      {
        description: codes.map((c) => `\`${c}\`: ${ERROR_CATALOGUE[c].message}`).join('\n\n'),
        content: { 'application/json': { schema, example: errorExample(surface, codes[0] as ErrorCode, origin) } },
        ...(codes.includes('rate_limited')
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

const TAGS: Record<DocumentKind, Record<string, string>> = {
  public: {
    Quotes: 'Prices and eligibility, without a key.',
    Catalogue: 'The public catalogue.',
    Documents: 'This description.',
  },
  partner: {
    Catalogue: 'What you can order, with your fees.',
    Locations: 'Draw sites where patients give their sample.',
    Orders: 'Place, follow and cancel orders; fetch their documents.',
    Webhooks: 'The deliveries sent to your endpoint.',
    Sandbox: 'Rehearse the lifecycle without waiting (sandbox keys only).',
    Documents: 'This description.',
  },
  operator: {
    Partners: 'Partner accounts, their keys and webhook secrets.',
    Webhooks: 'Every partner’s deliveries.',
    Results: 'Results from the lab, electronic or uploaded.',
    Audit: 'Who read or changed which order or partner: append-only records, kept six years.',
    Documents: 'This description.',
    Other: 'Routes described generically.',
  },
};

const INFO: Record<DocumentKind, { title: string; description: string }> = {
  public: {
    title: 'Lab Tests Public Quote API',
    description:
      'Keyless quotes and availability. Rate limited per client IP. Unknown query parameters (utm_* and the like) are ignored; a known parameter given twice is a 400, except items, whose values are merged.',
  },
  partner: {
    title: 'Lab Tests Partner API',
    description:
      'Order lab tests for your end users, charged to your payment method. Money is integer cents in USD. A query parameter given twice is a 400 validation_error.',
  },
  operator: {
    title: 'Lab Tests Operator API',
    description:
      'Partner accounts, keys, webhook deliveries and results. In AWS every request is SigV4-signed (IAM); the local runtime takes Authorization: Bearer <ADMIN_TOKEN>.',
  },
};

const built = new Map<string, object>();
// The origin comes from the request's Host, so the cache is bounded: a caller varying it cannot grow memory.
const MAX_CACHED = 16;

/** The document for an origin, generated once per container (it only changes with a deploy). */
export function buildDocument(which: DocumentKind, origin: string) {
  const cacheKey = `${which} ${origin}`;
  let doc = built.get(cacheKey) as ReturnType<typeof generate> | undefined;
  if (!doc) {
    doc = generate(which, origin);
    if (built.size >= MAX_CACHED) built.clear();
    built.set(cacheKey, doc);
  }
  return structuredClone(doc);
}

function securityOf(which: DocumentKind, route: Route): Array<Record<string, string[]>> {
  if (which === 'public' || route.auth === 'none') return [];
  return which === 'partner' ? [{ bearer: [] }] : [{ sigv4: [] }, { adminToken: [] }];
}

function registerSecurity(registry: OpenAPIRegistry, which: DocumentKind) {
  if (which === 'partner')
    registry.registerComponent('securitySchemes', 'bearer', {
      type: 'http',
      scheme: 'bearer',
      description: 'Authorization: Bearer sk_test_... (sandbox) or sk_live_... (production)',
    });
  if (which === 'operator') {
    registry.registerComponent('securitySchemes', 'sigv4', {
      type: 'apiKey',
      name: 'Authorization',
      in: 'header',
      description: 'AWS: the request signed with Signature Version 4 by an IAM principal allowed to invoke the API.',
    });
    registry.registerComponent('securitySchemes', 'adminToken', {
      type: 'http',
      scheme: 'bearer',
      description: 'Local runtime: Authorization: Bearer <ADMIN_TOKEN> (printed at start).',
    });
  }
}

function generate(which: DocumentKind, origin: string) {
  const registry = new OpenAPIRegistry();
  registerSecurity(registry, which);
  const all: Record<string, Example> = which === 'operator' ? operatorExamples() : examples(origin);
  for (const route of documentedRoutes(which)) {
    const op = operationFor(route);
    if (!op) throw new Error(`No OpenAPI operation for ${key(route)}: add it to the operations`);
    const ex = all[op.operationId];
    const params = [...route.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1] as string);
    const bodyType = op.body instanceof z.ZodString ? 'application/hl7-v2' : 'application/json';
    registry.registerPath({
      method: route.method.toLowerCase() as 'get',
      path: route.path,
      operationId: op.operationId,
      summary: op.summary,
      tags: [op.tag],
      // Keyless operations say so explicitly.
      security: securityOf(which, route),
      request: {
        ...(op.query ? { query: op.query } : {}),
        ...(params.length ? { params: z.object(Object.fromEntries(params.map((p) => [p, z.string().min(1)]))) } : {}),
        ...(op.body
          ? { body: { required: true, content: { [bodyType]: { schema: op.body, example: ex?.request } } } }
          : {}),
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
          content: { 'application/json': { schema: op.ok.schema, example: ex?.response ?? {} } },
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
        ...errorResponses(route, op, origin),
      },
    });
  }
  if (which === 'partner') registerWebhooks(registry);
  const doc = new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: '3.1.0',
    info: {
      ...INFO[which],
      version: '1.0.0',
      license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
    },
    servers: [{ url: origin }],
    tags: Object.entries(TAGS[which]).map(([name, description]) => ({ name, description })),
  });
  return polishDocument(doc, PARAMETER_EXAMPLES);
}
