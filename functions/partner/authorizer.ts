import type { APIGatewayAuthorizerResult, APIGatewayRequestAuthorizerEvent } from 'aws-lambda';
import { checkBearer, decideAuth, type AuthDecision, type KeyAccess } from '../../shared/domain/partner.js';
import type { ServiceDeps } from '../../shared/app/service-deps.js';

/** What the authorizer needs from the composition root. */
type Deps = Pick<ServiceDeps, 'partnerStore' | 'runtimeEnv'>;

function headerValue(event: APIGatewayRequestAuthorizerEvent, name: string): string | undefined {
  for (const [k, v] of Object.entries(event.headers ?? {})) if (k.toLowerCase() === name && v) return v;
  return undefined;
}

/**
 * The authorizer's answer for one verdict. The request is always allowed through with the
 * verdict in the context, and the handler answers a refusal with the spec's error code.
 * Partner routes require a usage-plan key: without one API Gateway answers by itself (the
 * RefusedKey gateway response, 401). A suspended partner still gets its key passed on, so the
 * handler can answer 403 partner_suspended as the spec says rather than API Gateway's 401.
 */
export function authorizerResult(
  methodArn: string,
  decision: AuthDecision,
  partner: Pick<KeyAccess, 'usagePlanKey'> | null,
): APIGatewayAuthorizerResult {
  const context: Record<string, string> = decision.ok
    ? { partnerId: decision.partnerId, keyId: decision.keyId }
    : { authError: decision.code };
  const passKey = decision.ok || decision.code === 'partner_suspended';
  const usageIdentifierKey = passKey ? (partner?.usagePlanKey ?? undefined) : undefined;
  return {
    principalId: decision.ok ? decision.partnerId : 'anonymous',
    policyDocument: {
      Version: '2012-10-17',
      Statement: [{ Action: 'execute-api:Invoke', Effect: 'Allow', Resource: methodArn }],
    },
    context,
    ...(usageIdentifierKey ? { usageIdentifierKey } : {}),
  };
}

/**
 * The partner API's Lambda authorizer. Results are not cached, so a revoked key stops working at
 * once; one read finds the key with its partner's status and usage-plan key (kept on the key).
 */
export const makeHandler =
  (deps: Deps) =>
  async (event: APIGatewayRequestAuthorizerEvent): Promise<APIGatewayAuthorizerResult> => {
    const check = checkBearer(headerValue(event, 'authorization'), deps.runtimeEnv().SERVICE_ENVIRONMENT);
    if (!check.ok) return authorizerResult(event.methodArn, check, null);
    const found = await deps.partnerStore().findKeyWithAccess(check.hash);
    const partner = found?.access ?? null;
    return authorizerResult(event.methodArn, decideAuth(check.hash, found?.key ?? null, partner), partner);
  };
