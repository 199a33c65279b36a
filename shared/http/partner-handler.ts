import middy, { type MiddlewareObj } from '@middy/core';
import type { Context } from 'aws-lambda';
import { accessLog, errorShape, noStoreByDefault } from './middleware.js';
import { ApiError, validationError } from './errors.js';
import { repeatedQueryParameters, requestOrigin, type HttpEvent, type HttpResult } from './respond.js';
import { runtimeEnv } from '../composition.js';
import { isPlausibleId } from '../domain/ids.js';

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

/** Every partner route: authenticated partner, partner error shape, access log. */
export function partnerHandler(
  fn: (event: HttpEvent, identity: PartnerIdentity, context: Context) => Promise<HttpResult>,
) {
  return middy<HttpEvent, HttpResult, Error, Context>()
    .use(noStoreByDefault())
    .use(accessLog())
    .use(errorShape('partner', (e) => requestOrigin(e, runtimeEnv().PUBLIC_BASE_URL)))
    .use(singleValuedQuery())
    .handler(async (event, context) => fn(event, identityOf(event), context));
}

/** Operator routes: IAM-authorised in AWS, the admin token in the local runtime (checked before the handler). */
export function operatorHandler(fn: (event: HttpEvent, context: Context) => Promise<HttpResult>) {
  return middy<HttpEvent, HttpResult, Error, Context>()
    .use(noStoreByDefault())
    .use(accessLog())
    .use(errorShape('partner', (e) => requestOrigin(e, runtimeEnv().PUBLIC_BASE_URL)))
    .use(singleValuedQuery())
    .handler(fn);
}

export function pathParam(event: HttpEvent, name: string): string {
  const v = event.pathParameters?.[name];
  if (!v || !isPlausibleId(v)) throw new ApiError('not_found');
  return v;
}
