import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DeleteTableCommand, DynamoDBClient, ListTablesCommand } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { ensureTables, startDynamoDbLocal } from '../../infra/local/dynamodb-local.js';
import { createDocumentClient } from '../../shared/adapters/dynamodb/client.js';
import { TABLES } from '../../shared/adapters/dynamodb/tables.js';
import { DynamoCatalogStore } from '../../shared/adapters/dynamodb/catalog-store.js';
import { countDynamoCalls } from '../../shared/adapters/dynamodb/call-counter.js';
import { bundledCatalog } from '../../shared/adapters/catalog-snapshot.js';
import { loadSeedCatalog } from '../../shared/adapters/seed-catalog.js';
import { SERVICE_CONFIG } from '../../shared/config/service-config.js';
import type { LabTest } from '../../shared/domain/catalog.js';

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

describe('the catalogue store on DynamoDB Local', () => {
  const seed = loadSeedCatalog(SERVICE_CONFIG.restrictedStates);
  const table = async (prefix: string) => {
    await ensureTables(dynamo.endpoint, prefix);
    return `${prefix}${TABLES.catalog.localName}`;
  };

  it('serves the bundled catalogue after one small read when the table holds it, equal to a whole read', async () => {
    const db = createDocumentClient({ endpoint: dynamo.endpoint });
    const name = await table('snap-');
    await new DynamoCatalogStore(db, name).seed(seed);
    const whole = await countDynamoCalls(() => new DynamoCatalogStore(db, name).get());
    const fromSnapshot = await countDynamoCalls(() =>
      new DynamoCatalogStore(db, name, { snapshot: bundledCatalog }).get(),
    );
    expect(whole.commands).toEqual(['QueryCommand']);
    expect(fromSnapshot.commands).toEqual(['GetItemCommand']);
    // The same entries in the same order (tests, then panels, by key) as a read of the partition.
    expect(fromSnapshot.result).toEqual(whole.result);
  });

  it('reads the table when it holds another catalogue, even one that kept the version number', async () => {
    const db = createDocumentClient({ endpoint: dynamo.endpoint });
    const name = await table('changed-');
    const [first, ...rest] = seed.tests;
    const changed = { ...seed, tests: [{ ...(first as LabTest), priceCents: 1 }, ...rest] };
    expect(await new DynamoCatalogStore(db, name).seed(seed)).toEqual({ written: true });
    // A changed file under the same version is written all the same (the digest differs) ...
    expect(await new DynamoCatalogStore(db, name).seed(changed)).toEqual({ written: true });
    expect(await new DynamoCatalogStore(db, name).seed(changed)).toEqual({ written: false });
    // ... and a function bundled with the old file reads the table, not its own copy.
    const read = await countDynamoCalls(() => new DynamoCatalogStore(db, name, { snapshot: bundledCatalog }).get());
    expect(read.commands).toEqual(['GetItemCommand', 'QueryCommand']);
    expect(read.result.tests.find((t) => t.id === first?.id)?.priceCents).toBe(1);
  });
});
