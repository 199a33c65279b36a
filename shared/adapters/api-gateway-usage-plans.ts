import { randomBytes } from 'node:crypto';
import { APIGatewayClient, CreateApiKeyCommand, CreateUsagePlanKeyCommand } from '@aws-sdk/client-api-gateway';
import type { UsagePlans } from '../ports/usage-plans.js';
import { sdkClientConfig } from './local-endpoint.js';

/** Creates the partner's API Gateway key in the standard usage plan (API key source AUTHORIZER). */
export function apiGatewayUsagePlans(usagePlanId: string): UsagePlans {
  const client = new APIGatewayClient(sdkClientConfig(undefined));
  return {
    async provision(partnerId: string, partnerName: string): Promise<string | null> {
      const value = randomBytes(30).toString('base64url');
      const key = await client.send(
        new CreateApiKeyCommand({ name: partnerId, description: partnerName.slice(0, 120), enabled: true, value }),
      );
      await client.send(new CreateUsagePlanKeyCommand({ usagePlanId, keyId: key.id, keyType: 'API_KEY' }));
      return value;
    },
  };
}
