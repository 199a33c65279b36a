import type { RecoveryKind } from '../../../domain/recovery-kind.js';
import { shardOf, type ShardedIndex } from '../sharded-index.js';

// Every key of the orders table (patient data lives here, and nowhere else in DynamoDB):
//   partner#<partnerId> / order#<orderId>                 an order (ids are time-ordered)
//   partner#<partnerId> / results#<orderId>[#<resultsId>]  results beside their order
//   orderid#<orderId>   / order                           pointer: the owner of an order id
//   delivery#<id>       / delivery                        a webhook delivery (outbox record)
//   gsi1: ext#<partnerId>#<externalId> / order#<orderId>   orders by the partner's external id
//   gsi1: deliveries#<partnerId> / <createdAt>#<id>        a partner's deliveries by creation
//   gsi2: <work queue>#<shard> / <time>#<id>               sweeps' work, sharded (WORK_QUEUES)
// Partner-owned items (orders, results) sit under partner#: functions that read nothing else are
// held to that key space by IAM (see docs/dynamodb-access-patterns.md).

export const PARTNER_PREFIX = 'partner#';
const ORDER_PREFIX = 'order#';

export const orderKeys = {
  order: (partnerId: string, orderId: string) => ({
    pk: `${PARTNER_PREFIX}${partnerId}`,
    sk: `${ORDER_PREFIX}${orderId}`,
  }),
  /** Query: a partner's orders, newest first by reading backwards. */
  ordersOf: (partnerId: string) => ({ pk: `${PARTNER_PREFIX}${partnerId}`, skPrefix: ORDER_PREFIX }),
  results: (partnerId: string, orderId: string, resultsId: string | undefined) => ({
    pk: `${PARTNER_PREFIX}${partnerId}`,
    sk: resultsId ? `results#${orderId}#${resultsId}` : `results#${orderId}`,
  }),
  orderIdPointer: (orderId: string) => ({ pk: `orderid#${orderId}`, sk: 'order' }),
  delivery: (deliveryId: string) => ({ pk: `delivery#${deliveryId}`, sk: 'delivery' }),
};

export const BY_EXTERNAL_ID = { index: 'gsi1', partitionKey: 'gsi1pk' } as const;
export const externalIdKey = (partnerId: string, externalId: string) => `ext#${partnerId}#${externalId}`;
export function orderExternalIdEntry(order: { id: string; partnerId: string; externalId: string | null }) {
  return order.externalId === null
    ? {}
    : { gsi1pk: externalIdKey(order.partnerId, order.externalId), gsi1sk: `${ORDER_PREFIX}${order.id}` };
}

export const DELIVERIES_OF_PARTNER = { index: 'gsi1', partitionKey: 'gsi1pk' } as const;
export const partnerDeliveriesKey = (partnerId: string) => `deliveries#${partnerId}`;
export function deliveryPartnerEntry(d: { id: string; event: { partnerId: string; createdAt: string } }) {
  return { gsi1pk: partnerDeliveriesKey(d.event.partnerId), gsi1sk: `${d.event.createdAt}#${d.id}` };
}

/**
 * The sweeps' work lists in gsi2, each sharded: a constant partition key would take every write
 * of its kind. A sweep reads all shards (oldest first, up to a time) and merges them.
 */
const workQueue = (prefix: string, shards: number) =>
  ({ index: 'gsi2', partitionKey: 'gsi2pk', sortKey: 'gsi2sk', prefix, shards }) as const satisfies Omit<
    ShardedIndex,
    'table'
  >;
export const WORK_QUEUES = {
  placement: workQueue('placement', 4),
  awaitingResults: workQueue('awaiting-results', 4),
  recoverPlacing: workQueue('recover-placing', 4),
  recoverRequisition: workQueue('recover-requisition', 4),
  recoverRefund: workQueue('recover-refund', 4),
  deliveryDue: workQueue('delivery-due', 8),
  /** Read newest first by the operator, not by time. */
  deliveriesFailed: workQueue('deliveries-failed', 8),
};
export type WorkQueue = (typeof WORK_QUEUES)[keyof typeof WORK_QUEUES];

export const RECOVERY_QUEUES: Record<RecoveryKind, WorkQueue> = {
  placing: WORK_QUEUES.recoverPlacing,
  requisition: WORK_QUEUES.recoverRequisition,
  refund: WORK_QUEUES.recoverRefund,
};

/** The gsi2 attributes that file an item with id `id` at `time` in a work queue. */
export function workQueueEntry(queue: WorkQueue, time: string, id: string) {
  return { gsi2pk: `${queue.prefix}#${shardOf(id, queue.shards)}`, gsi2sk: `${time}#${id}` };
}
