import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { GetCommand, QueryCommand, TransactWriteCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { marshall } from '@aws-sdk/util-dynamodb';
import type { OutboxEvent } from '../../domain/events.js';
import type { DeliveryRecord } from '../../domain/webhooks/delivery.js';
import type { OrderRecord, OrderState } from '../../domain/order.js';
import type { NewOrderWrite, OrderPage, OrderStore } from '../../ports/order-store.js';
import { recoveryKind, type RecoveryKind } from '../../domain/recovery-kind.js';
import { shardOf } from './sharded-index.js';
import type { KeyRecord } from '../../domain/idempotency.js';
import { keyCondition, keyItem } from './idempotency-store.js';

// Orders under their partner's partition, sorted by their time-ordered id (newest first by a
// reverse query). gsi1 finds them by externalId; gsi2 holds scheduled placements by due time,
// for the placement sweep, and orders stuck mid-way by their last update, for the recovery sweep.
export function orderItem(order: OrderRecord) {
  const recovery = recoveryKind(order);
  return {
    pk: `partner#${order.partnerId}`,
    sk: `order#${order.id}`,
    ...(order.externalId !== null
      ? { gsi1pk: `ext#${order.partnerId}#${order.externalId}`, gsi1sk: `order#${order.id}` }
      : {}),
    ...(order.state === 'scheduled' ? { gsi2pk: 'placement', gsi2sk: `${order.placementDueAt}#${order.id}` } : {}),
    ...(order.state === 'requisition_issued'
      ? { gsi2pk: 'awaiting-results', gsi2sk: `${order.requisitionIssuedAt}#${order.id}` }
      : {}),
    ...(recovery ? { gsi2pk: `recover-${recovery}`, gsi2sk: `${order.updatedAt}#${order.id}` } : {}),
    // Order ids are globally unique: a pointer lets operator and lab paths find an order by id.
    // Metadata is stored as [key, value] pairs: the marshaller refuses a map with a `constructor`
    // key and drops `__proto__`, and the partner must get back exactly the keys it sent.
    order: { ...order, metadata: Object.entries(order.metadata) },
    version: order.version,
  };
}

/** The order as stored by orderItem, with its metadata as a null-prototype object again. */
export function orderFromItem(item: Record<string, unknown>): OrderRecord {
  const stored = item.order as Omit<OrderRecord, 'metadata'> & { metadata: unknown };
  const metadata = Object.create(null) as Record<string, string>;
  const pairs = Array.isArray(stored.metadata)
    ? (stored.metadata as [string, string][])
    : Object.entries((stored.metadata ?? {}) as Record<string, string>);
  for (const [k, v] of pairs)
    Object.defineProperty(metadata, k, { value: v, enumerable: true, writable: true, configurable: true });
  return { ...stored, metadata };
}

/** DynamoDB's item limit is 400 KB; the margin leaves room for what later state changes add. */
const MAX_ORDER_ITEM_BYTES = 400 * 1024 - 16 * 1024;

/**
 * Why the order could not be stored, or null when it can. The marshalled JSON (type tags and
 * all) is longer than DynamoDB's own measure of the item, so passing here means it fits.
 */
export function orderItemProblem(order: OrderRecord): string | null {
  try {
    const bytes = Buffer.byteLength(JSON.stringify(marshall(orderItem(order), { removeUndefinedValues: true })));
    return bytes > MAX_ORDER_ITEM_BYTES ? 'the order is too large to store' : null;
  } catch {
    return 'the order cannot be stored';
  }
}

/** An outbox record: the webhook delivery to make, due now, keyed by its stable delivery id. */
export function outboxItem(e: OutboxEvent) {
  return deliveryItem({
    id: e.deliveryId,
    event: e,
    status: 'pending',
    attempts: [],
    nextAttemptAt: e.createdAt,
    version: 0,
  });
}

/** Failed deliveries of every partner, for the operator: in gsi2, sharded, by creation time. */
export const FAILED_DELIVERIES = {
  index: 'gsi2',
  partitionKey: 'gsi2pk',
  sortKey: 'gsi2sk',
  prefix: 'deliveries-failed',
  shards: 8,
};

/**
 * A delivery record: all of a partner's in gsi1 by creation; due ones in gsi2 by next attempt
 * time, failed ones in gsi2 under FAILED_DELIVERIES.
 */
export function deliveryItem(r: DeliveryRecord) {
  return {
    pk: `delivery#${r.id}`,
    sk: 'delivery',
    gsi1pk: `deliveries#${r.event.partnerId}`,
    gsi1sk: `${r.event.createdAt}#${r.id}`,
    ...(r.status === 'pending' && r.nextAttemptAt
      ? { gsi2pk: 'delivery-due', gsi2sk: `${r.nextAttemptAt}#${r.id}` }
      : {}),
    ...(r.status === 'failed'
      ? {
          gsi2pk: `${FAILED_DELIVERIES.prefix}#${shardOf(r.id, FAILED_DELIVERIES.shards)}`,
          gsi2sk: `${r.event.createdAt}#${r.id}`,
        }
      : {}),
    delivery: r,
    version: r.version,
  };
}

export class DynamoOrderStore implements OrderStore {
  constructor(
    private readonly db: DynamoDBDocumentClient,
    private readonly table: string,
    private readonly keysTable = '', // the Idempotency-Key table: an order completes its request's key
  ) {}

  storageProblem(order: OrderRecord): string | null {
    return orderItemProblem(order);
  }

  async create(order: OrderRecord): Promise<OrderRecord> {
    const written = await this.writeNew(order);
    return typeof written === 'object' ? written.exists : order;
  }

  createCompleting(order: OrderRecord, key: KeyRecord, keyVersion: number) {
    return this.writeNew(order, {
      Put: { TableName: this.keysTable, Item: keyItem(key), ...keyCondition(keyVersion) },
    });
  }

  /** The order and the pointer that finds it by id alone, written once, with what completes its request. */
  private async writeNew(order: OrderRecord, also?: object): Promise<NewOrderWrite> {
    const TransactItems = [
      { Put: { TableName: this.table, Item: orderItem(order), ConditionExpression: 'attribute_not_exists(pk)' } },
      { Put: { TableName: this.table, Item: { pk: `orderid#${order.id}`, sk: 'order', partnerId: order.partnerId } } },
      ...(also ? [also] : []),
    ];
    try {
      await this.db.send(new TransactWriteCommand({ TransactItems }));
      return 'created';
    } catch (err) {
      if (!(err instanceof TransactionCanceledException)) throw err;
      if (err.CancellationReasons?.[2]?.Code === 'ConditionalCheckFailed') return 'key_changed';
      const existing = await this.get(order.partnerId, order.id);
      if (!existing) throw err;
      return { exists: existing };
    }
  }

  async get(partnerId: string, orderId: string): Promise<OrderRecord | null> {
    const r = await this.db.send(
      new GetCommand({
        TableName: this.table,
        Key: { pk: `partner#${partnerId}`, sk: `order#${orderId}` },
        ConsistentRead: true,
      }),
    );
    return r.Item ? orderFromItem(r.Item) : null;
  }

  async list(
    partnerId: string,
    opts: { limit: number; startKey: string | null; externalId?: string },
  ): Promise<OrderPage> {
    const byExternal = opts.externalId !== undefined;
    const startKey = opts.startKey ? (JSON.parse(opts.startKey) as Record<string, unknown>) : undefined;
    const r = await this.db.send(
      new QueryCommand({
        TableName: this.table,
        ...(byExternal
          ? {
              IndexName: 'gsi1',
              KeyConditionExpression: 'gsi1pk = :pk',
              ExpressionAttributeValues: { ':pk': `ext#${partnerId}#${opts.externalId}` },
            }
          : {
              KeyConditionExpression: 'pk = :pk AND begins_with(sk, :order)',
              ExpressionAttributeValues: { ':pk': `partner#${partnerId}`, ':order': 'order#' },
              ConsistentRead: true,
            }),
        ScanIndexForward: false,
        Limit: opts.limit,
        ExclusiveStartKey: startKey,
      }),
    );
    const orders = (r.Items ?? []).map(orderFromItem);
    return { orders, nextKey: r.LastEvaluatedKey ? JSON.stringify(r.LastEvaluatedKey) : null };
  }

  async transition(
    order: OrderRecord,
    from: readonly OrderState[],
    patch: Partial<OrderRecord>,
    events: readonly OutboxEvent[] = [],
  ): Promise<OrderRecord | null> {
    if (!from.includes(order.state)) return null;
    const next: OrderRecord = { ...order, ...patch, version: order.version + 1 };
    try {
      await this.db.send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Put: {
                TableName: this.table,
                Item: orderItem(next),
                ConditionExpression: 'version = :v',
                ExpressionAttributeValues: { ':v': order.version },
              },
            },
            ...events.map((e) => ({ Put: { TableName: this.table, Item: outboxItem(e) } })),
          ],
        }),
      );
      return next;
    } catch (err) {
      if (
        err instanceof TransactionCanceledException &&
        err.CancellationReasons?.[0]?.Code === 'ConditionalCheckFailed'
      )
        return null;
      throw err;
    }
  }

  async duePlacements(now: Date, limit: number): Promise<OrderRecord[]> {
    return this.gsi2Before('placement', now, limit);
  }

  async awaitingResults(issuedBefore: Date, limit: number): Promise<OrderRecord[]> {
    return this.gsi2Before('awaiting-results', issuedBefore, limit);
  }

  async needsRecovery(kind: RecoveryKind, updatedBefore: Date, limit: number): Promise<OrderRecord[]> {
    return this.gsi2Before(`recover-${kind}`, updatedBefore, limit);
  }

  /** Orders filed in gsi2 under `pk` with a time at or before `before` (gsi2sk is "<iso time>#<id>"). */
  private async gsi2Before(pk: string, before: Date, limit: number): Promise<OrderRecord[]> {
    const r = await this.db.send(
      new QueryCommand({
        TableName: this.table,
        IndexName: 'gsi2',
        KeyConditionExpression: 'gsi2pk = :pk AND gsi2sk <= :before',
        ExpressionAttributeValues: { ':pk': pk, ':before': `${before.toISOString()}#~` },
        Limit: limit,
      }),
    );
    return (r.Items ?? []).map(orderFromItem);
  }

  async findById(orderId: string): Promise<OrderRecord | null> {
    const ptr = await this.db.send(
      new GetCommand({ TableName: this.table, Key: { pk: `orderid#${orderId}`, sk: 'order' }, ConsistentRead: true }),
    );
    return ptr.Item ? this.get(String(ptr.Item.partnerId), orderId) : null;
  }
}
