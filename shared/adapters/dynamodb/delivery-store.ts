import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand, QueryCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { DeliveryRecord, DeliveryStatus } from '../../domain/webhooks/delivery.js';
import type { DeliveryStore } from '../../ports/webhooks.js';
import { FAILED_DELIVERIES, deliveryItem } from './order-store.js';
import { newestFirst } from './sharded-index.js';

/** Webhook deliveries in the orders table (written first as outbox records, with their state change). */
export class DynamoDeliveryStore implements DeliveryStore {
  constructor(
    private readonly db: DynamoDBDocumentClient,
    private readonly table: string,
  ) {}

  async get(id: string): Promise<DeliveryRecord | null> {
    const r = await this.db.send(
      new GetCommand({ TableName: this.table, Key: { pk: `delivery#${id}`, sk: 'delivery' }, ConsistentRead: true }),
    );
    return r.Item ? { ...(r.Item.delivery as DeliveryRecord), version: Number(r.Item.version) } : null;
  }

  async due(now: Date, limit: number): Promise<DeliveryRecord[]> {
    const r = await this.db.send(
      new QueryCommand({
        TableName: this.table,
        IndexName: 'gsi2',
        KeyConditionExpression: 'gsi2pk = :pk AND gsi2sk <= :now',
        ExpressionAttributeValues: { ':pk': 'delivery-due', ':now': `${now.toISOString()}#~` },
        Limit: limit,
      }),
    );
    return (r.Items ?? []).map((i) => ({ ...(i.delivery as DeliveryRecord), version: Number(i.version) }));
  }

  async save(record: DeliveryRecord, expectedVersion: number): Promise<boolean> {
    try {
      await this.db.send(
        new PutCommand({
          TableName: this.table,
          Item: deliveryItem({ ...record, version: expectedVersion + 1 }),
          ConditionExpression: 'version = :v',
          ExpressionAttributeValues: { ':v': expectedVersion },
        }),
      );
      return true;
    } catch (err) {
      if (err instanceof ConditionalCheckFailedException) return false;
      throw err;
    }
  }

  async listForPartner(
    partnerId: string,
    filter: { orderId?: string; status?: DeliveryStatus; limit: number },
  ): Promise<DeliveryRecord[]> {
    const out: DeliveryRecord[] = [];
    let startKey: Record<string, unknown> | undefined;
    do {
      const r = await this.db.send(
        new QueryCommand({
          TableName: this.table,
          IndexName: 'gsi1',
          KeyConditionExpression: 'gsi1pk = :pk',
          ExpressionAttributeValues: { ':pk': `deliveries#${partnerId}` },
          ScanIndexForward: false,
          ExclusiveStartKey: startKey,
        }),
      );
      for (const i of r.Items ?? []) {
        const d = { ...(i.delivery as DeliveryRecord), version: Number(i.version) };
        if ((!filter.orderId || d.event.orderId === filter.orderId) && (!filter.status || d.status === filter.status))
          out.push(d);
      }
      startKey = r.LastEvaluatedKey;
    } while (startKey && out.length < filter.limit);
    return out.slice(0, filter.limit);
  }

  async listFailed(opts: { limit: number; startKey: string | null }) {
    const page = await newestFirst(this.db, { table: this.table, ...FAILED_DELIVERIES }, opts);
    const records = page.items.map((i) => ({ ...(i.delivery as DeliveryRecord), version: Number(i.version) }));
    return { records, nextKey: page.nextKey };
  }
}
