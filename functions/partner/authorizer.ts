import type { APIGatewayAuthorizerResult, APIGatewayRequestAuthorizerEvent } from 'aws-lambda';
import { checkBearer, decideAuth } from '../../shared/domain/partner.js';
import { partnerStore, runtimeEnv } from '../../shared/composition.js';

function headerValue(event: APIGatewayRequestAuthorizerEvent, name: string): string | undefined {
  for (const [k, v] of Object.entries(event.headers ?? {})) if (k.toLowerCase() === name && v) return v;
  return undefined;
}

/**
 * The partner API's Lambda authorizer. Its verdict travels in the context: API Gateway lets the
 * request through and the handler answers a refusal with the spec's error code (invalid_api_key,
 * wrong_environment, partner_suspended), which a Deny policy could not express. Results are not
 * cached, so a revoked key stops working at once.
 */
export const handler = async (event: APIGatewayRequestAuthorizerEvent): Promise<APIGatewayAuthorizerResult> => {
  const check = checkBearer(headerValue(event, 'authorization'), runtimeEnv().SERVICE_ENVIRONMENT);
  let context: Record<string, string>;
  let usageIdentifierKey: string | undefined;
  if (!check.ok) {
    context = { authError: check.code };
  } else {
    const key = await partnerStore().findKeyByHash(check.hash);
    const partner = key ? await partnerStore().get(key.partnerId) : null;
    const decision = decideAuth(check.hash, key, partner);
    if (decision.ok) {
      context = { partnerId: decision.partnerId, keyId: decision.keyId };
      usageIdentifierKey = partner?.usagePlanKey ?? undefined;
    } else {
      context = { authError: decision.code };
    }
  }
  return {
    principalId: context.partnerId ?? 'anonymous',
    policyDocument: { Version: '2012-10-17', Statement: [{ Action: 'execute-api:Invoke', Effect: 'Allow', Resource: event.methodArn }] },
    context,
    ...(usageIdentifierKey ? { usageIdentifierKey } : {}),
  };
};
