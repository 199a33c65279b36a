import { describe, expect, it } from 'vitest';
import type { DynamoDBDocumentClient, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { newestFirst, shardOf, type ShardedIndex } from '../../shared/adapters/dynamodb/sharded-index.js';

const ix: ShardedIndex = {
  table: 't',
  index: 'gsi1',
  partitionKey: 'gpk',
  sortKey: 'gsk',
  prefix: 'things',
  shards: 4,
};

/** A stand-in for the index: each query answers its shard's items below `:after`, newest first, up to Limit. */
function fakeIndex(items: Array<{ gpk: string; gsk: string }>) {
  let queries = 0;
  const db = {
    send: async (cmd: QueryCommand) => {
      queries++;
      const v = cmd.input.ExpressionAttributeValues as Record<string, string>;
      const rows = items
        .filter((i) => i.gpk === v[':pk'] && (v[':after'] === undefined || i.gsk < v[':after']))
        .sort((a, b) => (a.gsk < b.gsk ? 1 : -1));
      const page = rows.slice(0, cmd.input.Limit);
      return { Items: page, ...(rows.length > page.length ? { LastEvaluatedKey: page.at(-1) } : {}) };
    },
  } as unknown as DynamoDBDocumentClient;
  return { db, queries: () => queries };
}

describe('sharded newest-first index', () => {
  it('spreads ids over the shards, the same way every time', () => {
    const counts = [0, 0, 0, 0];
    for (let i = 0; i < 400; i++) counts[shardOf(`ptr_${i}`, 4)]! += 1;
    expect(Math.min(...counts)).toBeGreaterThan(60);
    expect(shardOf('ptr_x', 4)).toBe(shardOf('ptr_x', 4));
  });

  it.each([1, 2, 3, 7, 50])('pages of %i hand out every item once, newest first', async (limit) => {
    const items = Array.from({ length: 37 }, (_, i) => {
      const id = `id_${String(i).padStart(3, '0')}`;
      return { gpk: `things#${shardOf(id, 4)}`, gsk: `2026-01-01T00:00:${String(i).padStart(2, '0')}Z#${id}` };
    });
    const { db } = fakeIndex(items);
    const seen: string[] = [];
    let startKey: string | null = null;
    for (let pages = 0; pages < 100; pages++) {
      const page: Awaited<ReturnType<typeof newestFirst>> = await newestFirst(db, ix, { limit, startKey });
      expect(page.items.length).toBeLessThanOrEqual(limit);
      seen.push(...page.items.map((i) => String(i.gsk)));
      startKey = page.nextKey;
      if (!startKey) break;
    }
    expect(seen).toEqual(items.map((i) => i.gsk).reverse());
  });

  it('an empty index is one empty last page', async () => {
    const { db, queries } = fakeIndex([]);
    expect(await newestFirst(db, ix, { limit: 10, startKey: null })).toEqual({ items: [], nextKey: null });
    expect(queries()).toBe(4);
  });
});
