import middy, { type MiddlewareObj } from '@middy/core';
import type { Context } from 'aws-lambda';
import { accessLog, errorShape, noStoreByDefault } from './middleware.js';
import { ApiError, validationError } from './errors.js';
import { repeatedQueryParameters, requestOrigin, type HttpEvent, type HttpResult } from './respond.js';
import {
  auditDeps,
  auditLog,
  cursorSecret,
  deliveryStore,
  orderStore,
  partnerStore,
  runtimeEnv,
} from '../composition.js';
import type { AuditLog } from '../ports/audit-log.js';
import type { PartnerStore } from '../ports/partner-store.js';
import type { DeliveryStore } from '../ports/webhooks.js';
import { isPlausibleId } from '../domain/ids.js';
import { AuditNote, audited, operatorPrincipal, type AuditDeps, type AuditSpec } from './audit.js';

const auditing = (): AuditDeps => ({
  record: auditDeps(),
  ownerOf: async (orderId) => (await orderStore().findById(orderId))?.partnerId ?? null,
});

/** What operator handlers are given rather than reaching for the composition root. */
export interface OperatorDeps {
  auditLog: () => AuditLog;
  partners: () => PartnerStore;
  deliveries: () => DeliveryStore;
  cursorSecret: () => Promise<string>;
}
const operatorDeps: OperatorDeps = { auditLog, partners: partnerStore, deliveries: deliveryStore, cursorSecret };

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
export function partnerHandler(fn: PartnerFn): ReturnType<typeof partnerMiddy>;
export function partnerHandler(audit: AuditSpec, fn: PartnerFn): ReturnType<typeof partnerMiddy>;
export function partnerHandler(a: AuditSpec | PartnerFn, b?: PartnerFn) {
  return typeof a === 'function' ? partnerMiddy(a) : partnerMiddy(b as PartnerFn, a);
}

function partnerMiddy(fn: PartnerFn, audit?: AuditSpec) {
  return middy<HttpEvent, HttpResult, Error, Context>()
    .use(noStoreByDefault())
    .use(accessLog())
    .use(errorShape('partner', (e) => requestOrigin(e, runtimeEnv().PUBLIC_BASE_URL)))
    .use(singleValuedQuery())
    .handler(async (event, context) => {
      const identity = identityOf(event);
      const principal = { type: 'partner' as const, ...identity };
      const run = (note: AuditNote) => fn(event, identity, context, note);
      return audit
        ? audited(auditing(), { pathId: 'orderId', ...audit }, principal, { partnerId: identity.partnerId }, event, run)
        : run(new AuditNote());
    });
}

/**
 * Operator routes: IAM-authorised in AWS, the admin token in the local runtime (checked before
 * the handler); with `audit`, an audit record naming the operator's principal.
 */
type OperatorFn = (event: HttpEvent, context: Context, audit: AuditNote, deps: OperatorDeps) => Promise<HttpResult>;
export function operatorHandler(fn: OperatorFn): ReturnType<typeof operatorMiddy>;
export function operatorHandler(audit: AuditSpec, fn: OperatorFn): ReturnType<typeof operatorMiddy>;
export function operatorHandler(a: AuditSpec | OperatorFn, b?: OperatorFn) {
  return typeof a === 'function' ? operatorMiddy(a) : operatorMiddy(b as OperatorFn, a);
}

function operatorMiddy(fn: OperatorFn, audit?: AuditSpec) {
  return middy<HttpEvent, HttpResult, Error, Context>()
    .use(accessLog())
    .use(errorShape('partner', (e) => requestOrigin(e, runtimeEnv().PUBLIC_BASE_URL)))
    .use(singleValuedQuery())
    .handler(async (event, context) => {
      const run = (note: AuditNote) => fn(event, context, note, operatorDeps);
      return audit ? audited(auditing(), audit, operatorPrincipal(event), {}, event, run) : run(new AuditNote());
    });
}

export function pathParam(event: HttpEvent, name: string): string {
  const v = event.pathParameters?.[name];
  if (!v || !isPlausibleId(v)) throw new ApiError('not_found');
  return v;
}
