import middy, { type MiddlewareObj, type MiddyfiedHandler } from '@middy/core';
import type { Context } from 'aws-lambda';
import { accessLog, errorShape, noStoreByDefault, type EdgeDeps } from './middleware.js';
import { ApiError, validationError } from './errors.js';
import { repeatedQueryParameters, type HttpEvent, type HttpResult } from './respond.js';
import type { ServiceDeps } from '../app/service-deps.js';
import { isPlausibleId } from '../domain/ids.js';
import { AuditNote, audited, operatorPrincipal, type AuditDeps, type AuditSpec } from './audit.js';

/** The edge of an audited route: the audit trail, and the order store to file an order under its partner. */
export type AuditedEdgeDeps = EdgeDeps & Pick<ServiceDeps, 'auditDeps' | 'orderStore'>;

/** A Lambda handler wrapped in the edge's middlewares. */
export type EdgeHandler = MiddyfiedHandler<HttpEvent, HttpResult, Error, Context>;

const auditing = (deps: AuditedEdgeDeps): AuditDeps => ({
  record: deps.auditDeps(),
  ownerOf: async (orderId) => (await deps.orderStore().findById(orderId))?.partnerId ?? null,
});

export interface PartnerIdentity {
  partnerId: string;
  keyId: string;
}

type AuthContext = { partnerId?: string; keyId?: string; authError?: string } | null | undefined;

/**
 * The authorizer (a Lambda authorizer in AWS, the same function called by the local server)
 * always answers with its verdict in the request context; this middleware turns a refusal into
 * the spec's 401/403 error, so partners get our error shape rather than API Gateway's.
 */
export function identityOf(event: HttpEvent): PartnerIdentity {
  const ctx = event.requestContext?.authorizer as AuthContext;
  const code = ctx?.authError;
  if (code === 'wrong_environment' || code === 'partner_suspended') throw new ApiError(code);
  if (!ctx?.partnerId || !ctx.keyId || code) throw new ApiError('invalid_api_key');
  return { partnerId: ctx.partnerId, keyId: ctx.keyId };
}

/** Partner and operator APIs: a query parameter given twice is refused, never half-read. */
export function singleValuedQuery(): MiddlewareObj<HttpEvent, HttpResult, Error, Context> {
  return {
    before: async (request) => {
      const repeated = repeatedQueryParameters(request.event);
      if (repeated.length > 0)
        throw validationError(
          Object.fromEntries(repeated.map((name) => [name, 'must be given once'])),
          'A query parameter was given more than once.',
        );
    },
  };
}

/**
 * Every partner route: authenticated partner, partner error shape, access log; with `audit`,
 * an audit record of the key's access (by default to the order the path names).
 */
type PartnerFn = (
  event: HttpEvent,
  identity: PartnerIdentity,
  context: Context,
  audit: AuditNote,
) => Promise<HttpResult>;
export function partnerHandler(deps: EdgeDeps, fn: PartnerFn): EdgeHandler;
export function partnerHandler(deps: AuditedEdgeDeps, audit: AuditSpec, fn: PartnerFn): EdgeHandler;
export function partnerHandler(deps: EdgeDeps, a: AuditSpec | PartnerFn, b?: PartnerFn): EdgeHandler {
  const [fn, audit] = typeof a === 'function' ? [a, undefined] : [b as PartnerFn, a];
  return middy<HttpEvent, HttpResult, Error, Context>()
    .use(noStoreByDefault())
    .use(accessLog(deps))
    .use(errorShape('partner', deps))
    .use(singleValuedQuery())
    .handler(async (event, context) => {
      const identity = identityOf(event);
      const principal = { type: 'partner' as const, ...identity };
      const run = (note: AuditNote) => fn(event, identity, context, note);
      const base = { partnerId: identity.partnerId };
      return audit
        ? audited(auditing(deps as AuditedEdgeDeps), { pathId: 'orderId', ...audit }, principal, base, event, run)
        : run(new AuditNote());
    });
}

/**
 * Operator routes: IAM-authorised in AWS, the admin token in the local runtime (checked before
 * the handler); with `audit`, an audit record naming the operator's principal.
 */
type OperatorFn = (event: HttpEvent, context: Context, audit: AuditNote) => Promise<HttpResult>;
export function operatorHandler(deps: EdgeDeps, fn: OperatorFn): EdgeHandler;
export function operatorHandler(deps: AuditedEdgeDeps, audit: AuditSpec, fn: OperatorFn): EdgeHandler;
export function operatorHandler(deps: EdgeDeps, a: AuditSpec | OperatorFn, b?: OperatorFn): EdgeHandler {
  const [fn, audit] = typeof a === 'function' ? [a, undefined] : [b as OperatorFn, a];
  return middy<HttpEvent, HttpResult, Error, Context>()
    .use(accessLog(deps))
    .use(errorShape('partner', deps))
    .use(singleValuedQuery())
    .handler(async (event, context) => {
      const run = (note: AuditNote) => fn(event, context, note);
      return audit
        ? audited(auditing(deps as AuditedEdgeDeps), audit, operatorPrincipal(event), {}, event, run)
        : run(new AuditNote());
    });
}

export function pathParam(event: HttpEvent, name: string): string {
  const v = event.pathParameters?.[name];
  if (!v || !isPlausibleId(v)) throw new ApiError('not_found');
  return v;
}
