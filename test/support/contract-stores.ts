import { afterAll, beforeAll } from 'vitest';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { ensureTables, startDynamoDbLocal } from '../../infra/local/dynamodb-local.js';
import { createDocumentClient } from '../../shared/adapters/dynamodb/client.js';
import { DynamoDeliveryStore } from '../../shared/adapters/dynamodb/delivery-store.js';
import { DynamoIdempotencyStore } from '../../shared/adapters/dynamodb/idempotency-store.js';
import { DynamoOrderStore, deliveryItem } from '../../shared/adapters/dynamodb/order-store.js';
import { DynamoPartnerStore } from '../../shared/adapters/dynamodb/partner-store.js';
import { TABLES, type TableKey } from '../../shared/adapters/dynamodb/tables.js';
import type { DeliveryRecord } from '../../shared/domain/webhooks/delivery.js';
import type { IdempotencyStore } from '../../shared/ports/idempotency-store.js';
import type { OrderStore } from '../../shared/ports/order-store.js';
import type { PartnerStore } from '../../shared/ports/partner-store.js';
import type { DeliveryStore } from '../../shared/ports/webhooks.js';
import { MemoryDeliveries, MemoryKeys, MemoryOrders } from './fakes.js';
import { MemoryPartners } from './memory-partners.js';

// The two implementations of the stores the contract tests hold to the same cases.

export interface Stores {
  orders: OrderStore;
  partners: PartnerStore;
  keys: IdempotencyStore;
  deliveries: DeliveryStore;
  /** A delivery as its order's state change writes it (the outbox). */
  seedDelivery(record: DeliveryRecord): Promise<void>;
}

export function memoryStores(): Stores {
  const deliveries = new MemoryDeliveries();
  const keys = new MemoryKeys();
  return {
    orders: new MemoryOrders(keys),
    partners: new MemoryPartners(),
    keys,
    deliveries,
    seedDelivery: async (r) => void deliveries.records.set(r.id, structuredClone(r)),
  };
}

let sets = 0;
/** The DynamoDB adapters on DynamoDB Local, on tables of their own: the sweeps' queries read a whole index. */
export async function dynamoStores(endpoint: string): Promise<Stores> {
  const prefix = `contract${++sets}-`;
  await ensureTables(endpoint, prefix);
  const db = createDocumentClient({ endpoint });
  const table = (k: TableKey) => `${prefix}${TABLES[k].localName}`;
  return {
    orders: new DynamoOrderStore(db, table('orders'), table('idempotency'), table('audit')),
    partners: new DynamoPartnerStore(db, table('partners')),
    keys: new DynamoIdempotencyStore(db, table('idempotency')),
    deliveries: new DynamoDeliveryStore(db, table('orders')),
    seedDelivery: async (r) =>
      void (await db.send(new PutCommand({ TableName: table('orders'), Item: deliveryItem(r) }))),
  };
}

export const ids = (xs: Array<{ id: string }>) => xs.map((x) => x.id);

/** Starts this test file's own DynamoDB Local and names both implementations for describe.each. */
export function contractImplementations(): Array<[string, () => Promise<Stores>]> {
  let dynamo: Awaited<ReturnType<typeof startDynamoDbLocal>> | undefined;
  beforeAll(async () => {
    dynamo = await startDynamoDbLocal({ dataDir: null });
  });
  afterAll(async () => dynamo?.stop());
  return [
    ['in-memory fakes', async () => memoryStores()],
    ['DynamoDB adapters on DynamoDB Local', () => dynamoStores((dynamo as { endpoint: string }).endpoint)],
  ];
}
