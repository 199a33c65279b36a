import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { GetCommand, QueryCommand, TransactWriteCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { marshall } from '@aws-sdk/util-dynamodb';
import type { OutboxEvent } from '../../domain/events.js';
import { newDelivery, type DeliveryRecord } from '../../domain/webhooks/delivery.js';
import type { OrderRecord, OrderState } from '../../domain/order.js';
import type { NewOrderWrite, OrderPage, OrderStore } from '../../ports/order-store.js';
import { recoveryKind, type RecoveryKind } from '../../domain/recovery-kind.js';
import { oldestFirst } from './sharded-index.js';
import {
  BY_EXTERNAL_ID,
  RECOVERY_QUEUES,
  WORK_QUEUES,
  deliveryPartnerEntry,
  externalIdKey,
  orderExternalIdEntry,
  orderKeys,
  workQueueEntry,
  type WorkQueue,
} from './keys/orders-table.js';
import type { KeyRecord } from '../../domain/idempotency.js';
import { keyCondition, keyItem } from './keys/idempotency-table.js';
import type { AuditRecord } from '../../ports/audit-log.js';
import { auditItem } from './audit-log.js';

// Orders under their partner's partition, sorted by their time-ordered id (newest first by a
// reverse query). gsi1 finds them by externalId; gsi2's work queues hold scheduled placements by
// due time, for the placement sweep, and orders stuck mid-way by their last update, for the
// recovery sweep (every key: keys/orders-table.ts).
export function orderItem(order: OrderRecord) {
  const recovery = recoveryKind(order);
  return {
    ...orderKeys.order(order.partnerId, order.id),
    ...orderExternalIdEntry(order),
    ...(order.state === 'scheduled'
      ? workQueueEntry(WORK_QUEUES.placement, String(order.placementDueAt), order.id)
      : {}),
    ...(order.state === 'requisition_issued'
      ? workQueueEntry(WORK_QUEUES.awaitingResults, String(order.requisitionIssuedAt), order.id)
      : {}),
    ...(recovery ? workQueueEntry(RECOVERY_QUEUES[recovery], order.updatedAt, order.id) : {}),
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

/** An outbox record: the webhook delivery to make, held for the writer's inline attempt, keyed by its stable delivery id. */
export function outboxItem(e: OutboxEvent) {
  return deliveryItem(newDelivery(e));
}

/**
 * A delivery record: all of a partner's in gsi1 by creation; due ones in a gsi2 work queue by next
 * attempt time, failed ones in another by creation time (for the operator's list).
 */
export function deliveryItem(r: DeliveryRecord) {
  return {
    ...orderKeys.delivery(r.id),
    ...deliveryPartnerEntry(r),
    ...(r.status === 'pending' && r.nextAttemptAt
      ? workQueueEntry(WORK_QUEUES.deliveryDue, r.nextAttemptAt, r.id)
      : {}),
    ...(r.status === 'failed' ? workQueueEntry(WORK_QUEUES.deliveriesFailed, r.event.createdAt, r.id) : {}),
    delivery: r,
    version: r.version,
  };
}

export class DynamoOrderStore implements OrderStore {
  constructor(
    private readonly db: DynamoDBDocumentClient,
    private readonly table: string,
    private readonly keysTable = '', // the Idempotency-Key table: an order completes its request's key
    private readonly auditTable = '', // the audit trail: a change may carry its request's records
  ) {}

  /** Audit records as transaction items: appended only, like DynamoAuditLog's own writes. */
  private auditPuts(records: readonly AuditRecord[] = []) {
    if (records.length > 0 && !this.auditTable)
      throw new Error('audit records given to an order store without the audit table');
    return records.map((r) => ({
      Put: { TableName: this.auditTable, Item: auditItem(r), ConditionExpression: 'attribute_not_exists(pk)' },
    }));
  }

  storageProblem(order: OrderRecord): string | null {
    return orderItemProblem(order);
  }

  async create(order: OrderRecord): Promise<OrderRecord> {
    const written = await this.writeNew(order);
    return typeof written === 'object' ? written.exists : order;
  }

  createCompleting(order: OrderRecord, key: KeyRecord, keyVersion: number, audit?: readonly AuditRecord[]) {
    return this.writeNew(order, [
      { Put: { TableName: this.keysTable, Item: keyItem(key), ...keyCondition(keyVersion) } },
      ...this.auditPuts(audit),
    ]);
  }

  /** The order and the pointer that finds it by id alone, written once, with what completes its request. */
  private async writeNew(order: OrderRecord, also: object[] = []): Promise<NewOrderWrite> {
    const TransactItems = [
      { Put: { TableName: this.table, Item: orderItem(order), ConditionExpression: 'attribute_not_exists(pk)' } },
      { Put: { TableName: this.table, Item: { ...orderKeys.orderIdPointer(order.id), partnerId: order.partnerId } } },
      ...also,
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
        Key: orderKeys.order(partnerId, orderId),
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
    const ordersOf = orderKeys.ordersOf(partnerId);
    const startKey = opts.startKey ? (JSON.parse(opts.startKey) as Record<string, unknown>) : undefined;
    const r = await this.db.send(
      new QueryCommand({
        TableName: this.table,
        ...(byExternal
          ? {
              IndexName: BY_EXTERNAL_ID.index,
              KeyConditionExpression: '#pk = :pk',
              ExpressionAttributeNames: { '#pk': BY_EXTERNAL_ID.partitionKey },
              ExpressionAttributeValues: { ':pk': externalIdKey(partnerId, opts.externalId ?? '') },
            }
          : {
              KeyConditionExpression: 'pk = :pk AND begins_with(sk, :order)',
              ExpressionAttributeValues: { ':pk': ordersOf.pk, ':order': ordersOf.skPrefix },
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
    audit?: readonly AuditRecord[],
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
            ...this.auditPuts(audit),
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
    return this.queued(WORK_QUEUES.placement, now, limit);
  }

  async awaitingResults(issuedBefore: Date, limit: number): Promise<OrderRecord[]> {
    return this.queued(WORK_QUEUES.awaitingResults, issuedBefore, limit);
  }

  async needsRecovery(kind: RecoveryKind, updatedBefore: Date, limit: number): Promise<OrderRecord[]> {
    return this.queued(RECOVERY_QUEUES[kind], updatedBefore, limit);
  }

  /** The oldest orders filed in a work queue at or before `upTo`, over all its shards. */
  private async queued(queue: WorkQueue, upTo: Date, limit: number): Promise<OrderRecord[]> {
    const items = await oldestFirst(this.db, { table: this.table, ...queue }, { upTo, limit });
    return items.map(orderFromItem);
  }

  async findById(orderId: string): Promise<OrderRecord | null> {
    const ptr = await this.db.send(
      new GetCommand({ TableName: this.table, Key: orderKeys.orderIdPointer(orderId), ConsistentRead: true }),
    );
    return ptr.Item ? this.get(String(ptr.Item.partnerId), orderId) : null;
  }
}
