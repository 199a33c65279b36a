import { shardOf, type ShardedIndex } from '../sharded-index.js';

// Keys of the idempotency table (the Powertools record format: partition key `id`, no sort key):
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
