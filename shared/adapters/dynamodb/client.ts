import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { recordDynamoCall } from './call-counter.js';
import { sdkClientConfig } from '../local-endpoint.js';

/** A document client; `endpoint` points it at DynamoDB Local in the local runtime and tests. */
export function createDocumentClient(opts: { endpoint?: string; region?: string } = {}): DynamoDBDocumentClient {
  const client = new DynamoDBClient({
    ...sdkClientConfig(opts.endpoint),
    ...(opts.region ? { region: opts.region } : {}),
    // DynamoDB's own settings, given for the same reason (these are their defaults).
    accountIdEndpointMode: 'preferred',
    endpointDiscoveryEnabledProvider: () => Promise.resolve(undefined),
  });
  const doc = DynamoDBDocumentClient.from(client, { marshallOptions: { removeUndefinedValues: true } });
  doc.middlewareStack.add(
    (next, context) => async (args) => {
      recordDynamoCall(String(context.commandName ?? 'unknown'));
      return next(args);
    },
    { step: 'initialize', name: 'countDynamoCalls' },
  );
  return doc;
}
