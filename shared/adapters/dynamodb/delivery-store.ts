import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand, QueryCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { DeliveryRecord, DeliveryStatus } from '../../domain/webhooks/delivery.js';
import type { DeliveryStore } from '../../ports/webhooks.js';
import { deliveryItem } from './order-store.js';
import { newestFirst, oldestFirst } from './sharded-index.js';
import { DELIVERIES_OF_PARTNER, WORK_QUEUES, orderKeys, partnerDeliveriesKey } from './keys/orders-table.js';

/** Webhook deliveries in the orders table (written first as outbox records, with their state change). */
export class DynamoDeliveryStore implements DeliveryStore {
  constructor(
    private readonly db: DynamoDBDocumentClient,
    private readonly table: string,
  ) {}

  async get(id: string): Promise<DeliveryRecord | null> {
    const r = await this.db.send(
      new GetCommand({ TableName: this.table, Key: orderKeys.delivery(id), ConsistentRead: true }),
    );
    return r.Item ? fromItem(r.Item) : null;
  }

  async due(now: Date, limit: number): Promise<DeliveryRecord[]> {
    const items = await oldestFirst(this.db, { table: this.table, ...WORK_QUEUES.deliveryDue }, { upTo: now, limit });
    return items.map(fromItem);
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
          IndexName: DELIVERIES_OF_PARTNER.index,
          KeyConditionExpression: '#pk = :pk',
          ExpressionAttributeNames: { '#pk': DELIVERIES_OF_PARTNER.partitionKey },
          ExpressionAttributeValues: { ':pk': partnerDeliveriesKey(partnerId) },
          ScanIndexForward: false,
          ExclusiveStartKey: startKey,
        }),
      );
      for (const i of r.Items ?? []) {
        const d = fromItem(i);
        if ((!filter.orderId || d.event.orderId === filter.orderId) && (!filter.status || d.status === filter.status))
          out.push(d);
      }
      startKey = r.LastEvaluatedKey;
    } while (startKey && out.length < filter.limit);
    return out.slice(0, filter.limit);
  }

  async listFailed(opts: { limit: number; startKey: string | null }) {
    const page = await newestFirst(this.db, { table: this.table, ...WORK_QUEUES.deliveriesFailed }, opts);
    return { records: page.items.map(fromItem), nextKey: page.nextKey };
  }
}

const fromItem = (i: Record<string, unknown>): DeliveryRecord => ({
  ...(i.delivery as DeliveryRecord),
  version: Number(i.version),
});
