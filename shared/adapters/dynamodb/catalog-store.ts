import {
  BatchWriteCommand,
  GetCommand,
  PutCommand,
  QueryCommand,
  type DynamoDBDocumentClient,
} from '@aws-sdk/lib-dynamodb';
import type { Catalog, LabTest, Panel } from '../../domain/catalog.js';
import type { CatalogStore } from '../../ports/catalog-store.js';
import { catalogKeys } from './keys/catalog-table.js';

const PK = catalogKeys.partition;
const META_SK = catalogKeys.meta.sk;

/**
 * The catalogue in DynamoDB: one item per test or panel under a single partition, plus a meta
 * item holding the seeded version. Reads are cached per container for `cacheTtlMs`, so a warm
 * quote performs no catalogue read.
 */
export class DynamoCatalogStore implements CatalogStore {
  private cached: { catalog: Catalog; loadedAtMs: number } | null = null;
  private loading: Promise<Catalog> | null = null;

  constructor(
    private readonly db: DynamoDBDocumentClient,
    private readonly tableName: string,
    private readonly cacheTtlMs = 60_000,
    private readonly monotonicMs: () => number = () => performance.now(),
  ) {}

  async get(): Promise<Catalog> {
    if (this.cached && this.monotonicMs() - this.cached.loadedAtMs < this.cacheTtlMs) return this.cached.catalog;
    // Concurrent cold requests share one load.
    this.loading ??= this.load().finally(() => (this.loading = null));
    return this.loading;
  }

  private async load(): Promise<Catalog> {
    const tests: LabTest[] = [];
    const panels: Panel[] = [];
    let version = '';
    let startKey: Record<string, unknown> | undefined;
    do {
      const page = await this.db.send(
        new QueryCommand({
          TableName: this.tableName,
          KeyConditionExpression: 'pk = :pk',
          ExpressionAttributeValues: { ':pk': PK },
          ExclusiveStartKey: startKey,
        }),
      );
      for (const row of page.Items ?? []) {
        if (row.sk === META_SK) version = String(row.version);
        else if (row.item.type === 'test') tests.push(row.item as LabTest);
        else panels.push(row.item as Panel);
      }
      startKey = page.LastEvaluatedKey;
    } while (startKey);
    if (!version) throw new Error('The catalogue has not been seeded.');
    const catalog = { version, tests, panels };
    this.cached = { catalog, loadedAtMs: this.monotonicMs() };
    return catalog;
  }

  async seed(catalog: Catalog): Promise<{ written: boolean }> {
    const meta = await this.db.send(
      new GetCommand({ TableName: this.tableName, Key: catalogKeys.meta, ConsistentRead: true }),
    );
    if (meta.Item?.version === catalog.version) return { written: false };
    const rows = [...catalog.tests, ...catalog.panels].map((item) => ({
      PutRequest: { Item: { ...catalogKeys.item(item.id), item } },
    }));
    for (let i = 0; i < rows.length; i += 25) {
      let pending: typeof rows | undefined = rows.slice(i, i + 25);
      while (pending && pending.length > 0) {
        const res = await this.db.send(new BatchWriteCommand({ RequestItems: { [this.tableName]: pending } }));
        pending = res.UnprocessedItems?.[this.tableName] as typeof rows | undefined;
      }
    }
    // Items no longer in the seed are removed from the live catalogue on the next version bump.
    const keep = new Set(rows.map((r) => r.PutRequest.Item.sk));
    const existing = await this.db.send(
      new QueryCommand({
        TableName: this.tableName,
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': PK },
        ProjectionExpression: 'pk, sk',
      }),
    );
    const stale = (existing.Items ?? []).filter((r) => r.sk !== META_SK && !keep.has(String(r.sk)));
    for (let i = 0; i < stale.length; i += 25) {
      await this.db.send(
        new BatchWriteCommand({
          RequestItems: {
            [this.tableName]: stale.slice(i, i + 25).map((r) => ({ DeleteRequest: { Key: { pk: r.pk, sk: r.sk } } })),
          },
        }),
      );
    }
    await this.db.send(
      new PutCommand({ TableName: this.tableName, Item: { ...catalogKeys.meta, version: catalog.version } }),
    );
    this.cached = null;
    return { written: true };
  }
}
