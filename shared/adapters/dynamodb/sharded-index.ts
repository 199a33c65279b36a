import { QueryCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

// A list that has no natural partition (every partner, every failed delivery, a sweep's work) is
// indexed under `<prefix>#<shard>` rather than one constant key, so no index partition takes every
// write. Reading it queries each shard and merges them by sort key.

export function shardOf(id: string, shards: number): number {
  let h = 0x811c9dc5; // FNV-1a: stable across processes, unlike anything seeded
  for (let i = 0; i < id.length; i++) h = Math.imul(h ^ id.charCodeAt(i), 0x01000193) >>> 0;
  return h % shards;
}

export interface ShardedIndex {
  table: string;
  index: string;
  partitionKey: string;
  sortKey: string;
  prefix: string;
  shards: number;
}

/** Per shard: '' from the top, a sort key to continue below, or null once the shard is read out. */
type Positions = Array<string | null>;

function positionsOf(startKey: string | null, shards: number): Positions {
  const parsed = startKey ? (JSON.parse(startKey) as unknown) : null;
  return Array.isArray(parsed) && parsed.length === shards
    ? parsed.map((p) => (typeof p === 'string' ? p : null))
    : Array.from({ length: shards }, () => '');
}

/** One shard's items, in sort-key order (newest first when `newestFirst`), bounded by `bound` if given. */
async function readShard(
  db: DynamoDBDocumentClient,
  ix: ShardedIndex,
  shard: number,
  q: { newestFirst: boolean; bound: string | null; limit: number },
) {
  const bound = q.newestFirst ? ':after' : ':upTo';
  const r = await db.send(
    new QueryCommand({
      TableName: ix.table,
      IndexName: ix.index,
      // Newest first continues below a position; oldest first reads up to a time, inclusive.
      KeyConditionExpression: q.bound ? `#pk = :pk AND #sk ${q.newestFirst ? '<' : '<='} ${bound}` : '#pk = :pk',
      ExpressionAttributeNames: { '#pk': ix.partitionKey, ...(q.bound ? { '#sk': ix.sortKey } : {}) },
      ExpressionAttributeValues: { ':pk': `${ix.prefix}#${shard}`, ...(q.bound ? { [bound]: q.bound } : {}) },
      ScanIndexForward: !q.newestFirst,
      Limit: q.limit,
    }),
  );
  return { items: r.Items ?? [], more: r.LastEvaluatedKey !== undefined };
}

/** One newest-first page of the index; `nextKey` is null when every shard is read out. */
export async function newestFirst(
  db: DynamoDBDocumentClient,
  ix: ShardedIndex,
  opts: { limit: number; startKey: string | null },
): Promise<{ items: Array<Record<string, unknown>>; nextKey: string | null }> {
  const positions = positionsOf(opts.startKey, ix.shards);
  const fetched = await Promise.all(
    positions.map(async (after, shard) =>
      after === null
        ? { shard, items: [], more: false }
        : {
            shard,
            ...(await readShard(db, ix, shard, { newestFirst: true, bound: after || null, limit: opts.limit })),
          },
    ),
  );
  const sortKey = (i: Record<string, unknown>) => String(i[ix.sortKey]);
  const merged = fetched
    .flatMap((f) => f.items.map((item) => ({ shard: f.shard, item })))
    .sort((a, b) => (sortKey(a.item) < sortKey(b.item) ? 1 : -1))
    .slice(0, opts.limit);
  const next: Positions = [...positions];
  for (const f of fetched) {
    const taken = merged.filter((m) => m.shard === f.shard);
    const last = taken.at(-1);
    if (last) next[f.shard] = sortKey(last.item);
    if (taken.length === f.items.length && !f.more) next[f.shard] = null;
  }
  return { items: merged.map((m) => m.item), nextKey: next.every((p) => p === null) ? null : JSON.stringify(next) };
}

/**
 * Up to `limit` items oldest first, across every shard; with `upTo`, only those filed at or before
 * it (sort keys "<iso time>#<id>"). Each shard gives its oldest `limit`; the merge keeps the oldest.
 */
export async function oldestFirst(
  db: DynamoDBDocumentClient,
  ix: ShardedIndex,
  opts: { limit: number; upTo?: Date },
): Promise<Array<Record<string, unknown>>> {
  const bound = opts.upTo ? `${opts.upTo.toISOString()}#~` : null;
  const shards = await Promise.all(
    Array.from({ length: ix.shards }, (_, shard) =>
      readShard(db, ix, shard, { newestFirst: false, bound, limit: opts.limit }),
    ),
  );
  const sortKey = (i: Record<string, unknown>) => String(i[ix.sortKey]);
  return shards
    .flatMap((s) => s.items)
    .sort((a, b) => (sortKey(a) < sortKey(b) ? -1 : 1))
    .slice(0, opts.limit);
}
