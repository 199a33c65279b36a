import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { recordDynamoCall } from './call-counter.js';

/** A document client; `endpoint` points it at DynamoDB Local in the local runtime and tests. */
export function createDocumentClient(opts: { endpoint?: string; region?: string } = {}): DynamoDBDocumentClient {
  const client = new DynamoDBClient({
    region: opts.region ?? process.env.AWS_REGION ?? 'us-east-1',
    ...(opts.endpoint
      ? { endpoint: opts.endpoint, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } }
      : {}),
    maxAttempts: 3,
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
