// A second floor, for reference beside the hello world: a handler that reads one order by its key
// through our DynamoDB client, built as every function's is, and nothing else. What it costs over
// the hello world is what any function that reads the store pays before doing work of its own:
// the AWS SDK's import and its first request.
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { createDocumentClient } from '../../shared/adapters/dynamodb/client.js';
import { orderKeys } from '../../shared/adapters/dynamodb/keys/orders-table.js';
import { LOCAL_TABLE_NAMES } from '../../shared/config/table-names.js';

const db = createDocumentClient({ endpoint: process.env.DYNAMODB_ENDPOINT });
const table = process.env.ORDERS_TABLE ?? LOCAL_TABLE_NAMES.orders;

export const handler = async () => {
  // A failed read throws, and the bench refuses a run that did not answer.
  await db.send(
    new GetCommand({ TableName: table, Key: orderKeys.order('ptr_none', 'order_none'), ConsistentRead: true }),
  );
  return { statusCode: 200, body: 'ok' };
};
