import { shardOf, type ShardedIndex } from '../sharded-index.js';
import { movedMoney, type KeyRecord } from '../../../domain/idempotency.js';

// Keys and items of the idempotency table (the Powertools record format: partition key `id`, no sort key):
//   id: <partnerId>#<Idempotency-Key>        one record per partner and key (built by the domain)
//   unsettled: unsettled#<shard> / <firstUsedAtMs, 15 digits>#<id>   sparse: records holding
//   money not yet settled, for the settlement sweep, sharded.

export const idempotencyKeys = { record: (id: string) => ({ id }) };

export const UNSETTLED = {
  index: 'unsettled',
  partitionKey: 'unsettledPk',
  sortKey: 'unsettledSk',
  prefix: 'unsettled',
  shards: 4,
} as const satisfies Omit<ShardedIndex, 'table'>;

export function unsettledEntry(record: { id: string; firstUsedAtMs: number }) {
  return {
    unsettledPk: `${UNSETTLED.prefix}#${shardOf(record.id, UNSETTLED.shards)}`,
    unsettledSk: `${String(record.firstUsedAtMs).padStart(15, '0')}#${record.id}`,
  };
}

// The items live here rather than in the store so that the order store (whose creation transaction
// writes a key record) does not carry Powertools' idempotency package into every order function.

/** The stored item: a record that moved money and is not settled is also filed in the `unsettled` index. */
export function keyItem(record: KeyRecord) {
  return {
    ...record,
    ...(movedMoney(record) ? unsettledEntry(record) : {}),
  };
}

/** Every write of a key record is conditional on the version its writer read (null: no record yet). */
export function keyCondition(expectedVersion: number | null) {
  return expectedVersion === null
    ? { ConditionExpression: 'attribute_not_exists(id)' }
    : { ConditionExpression: 'version = :v', ExpressionAttributeValues: { ':v': expectedVersion } };
}
