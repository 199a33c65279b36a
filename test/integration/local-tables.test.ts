import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DeleteTableCommand, DynamoDBClient, ListTablesCommand } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { ensureTables, startDynamoDbLocal } from '../../infra/local/dynamodb-local.js';
import { createDocumentClient } from '../../shared/adapters/dynamodb/client.js';
import { TABLES } from '../../shared/adapters/dynamodb/tables.js';

let dynamo: Awaited<ReturnType<typeof startDynamoDbLocal>>;
beforeAll(async () => {
  dynamo = await startDynamoDbLocal({ dataDir: null });
});
afterAll(async () => dynamo?.stop());

describe('the local runtime’s tables', () => {
  it('a start on data from before a table existed creates that table and keeps the others as they are', async () => {
    const client = new DynamoDBClient({
      endpoint: dynamo.endpoint,
      region: 'us-east-1',
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    });
    const db = createDocumentClient({ endpoint: dynamo.endpoint });
    await ensureTables(dynamo.endpoint, 'old-');
    // An old DATA_DIR: every table but partners, with an order in it.
    await client.send(new DeleteTableCommand({ TableName: `old-${TABLES.partners.localName}` }));
    const kept = { pk: 'partner#ptr_old', sk: 'order#order_old' };
    await db.send(new PutCommand({ TableName: `old-${TABLES.orders.localName}`, Item: kept }));

    await ensureTables(dynamo.endpoint, 'old-');

    const names = (await client.send(new ListTablesCommand({}))).TableNames ?? [];
    for (const def of Object.values(TABLES)) expect(names).toContain(`old-${def.localName}`);
    const got = await db.send(new GetCommand({ TableName: `old-${TABLES.orders.localName}`, Key: kept }));
    expect(got.Item).toEqual(kept);
    client.destroy();
  });
});
