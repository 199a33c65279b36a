import { OpenAPIRegistry, OpenApiGeneratorV31, extendZodWithOpenApi } from '@asteasolutions/zod-to-openapi';
import * as z from 'zod';
import { ROUTES, type Route } from '../../manifest/index.js';
import type { ErrorCode } from '../errors.js';
import { PARTNER_OPERATIONS, PUBLIC_OPERATIONS, type Operation } from './operations.js';
import { OPERATOR_OPERATIONS, genericOperatorOperation } from './operator.js';
import { examples, PARAMETER_EXAMPLES, type Example } from './examples.js';
import { operatorExamples } from './operator-examples.js';
import { registerWebhooks } from './webhooks.js';
import { polishDocument } from './polish.js';
import { INFO, registerSecurity, securityOf, TAGS, type DocumentKind } from './document-meta.js';
import { errorResponses } from './error-responses.js';

extendZodWithOpenApi(z);

export type { Operation } from './operations.js';
export type { DocumentKind } from './document-meta.js';
export { errorSchemas } from './error-responses.js';

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
      // The generator reads what zod's core gives every schema (def, safeParse), so a zod/mini
      // schema documents as its classic twin would; its types only name the classic classes.
      request: {
        ...(op.query ? { query: op.query as z.ZodObject } : {}),
        ...(params.length ? { params: z.object(Object.fromEntries(params.map((p) => [p, z.string().min(1)]))) } : {}),
        ...(op.body
          ? {
              body: { required: true, content: { [bodyType]: { schema: op.body as z.ZodType, example: ex?.request } } },
            }
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
