import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { sdkClientConfig } from './local-endpoint.js';

const cache = new Map<string, Promise<string>>();
let client: SecretsManagerClient | null = null;

/**
 * A secret's value: from AWS Secrets Manager when an ARN is configured (read once per container),
 * otherwise the plain value the local runtime sets.
 */
export function secretValue(arn: string | undefined, localValue: string): Promise<string> {
  if (!arn) return Promise.resolve(localValue);
  let value = cache.get(arn);
  if (!value) {
    client ??= new SecretsManagerClient(sdkClientConfig(undefined));
    value = client.send(new GetSecretValueCommand({ SecretId: arn })).then((r) => {
      if (!r.SecretString) throw new Error('secret has no string value');
      return r.SecretString;
    });
    // A failed read is not cached: the next request tries again.
    value.catch(() => cache.delete(arn));
    cache.set(arn, value);
  }
  return value;
}
