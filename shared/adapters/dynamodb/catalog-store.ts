import {
  BatchWriteCommand,
  GetCommand,
  PutCommand,
  QueryCommand,
  type DynamoDBDocumentClient,
} from '@aws-sdk/lib-dynamodb';
import { createHash } from 'node:crypto';
import stableStringify from 'fast-json-stable-stringify';
import type { Catalog, LabTest, Panel } from '../../domain/catalog.js';
import type { CatalogStore } from '../../ports/catalog-store.js';
import { catalogKeys } from './keys/catalog-table.js';

const PK = catalogKeys.partition;
const META_SK = catalogKeys.meta.sk;

/** What identifies a catalogue's content whatever its keys' order: stored in the meta item by the seed. */
export const catalogDigest = (catalog: Catalog): string =>
  createHash('sha256').update(stableStringify(catalog)).digest('base64url');

/** Tests, then panels, each in the table's key order: how a read of the partition returns them. */
const inStoreOrder = (catalog: Catalog): Catalog => {
  const bySk = <T extends { id: string }>(xs: T[]) =>
    [...xs].sort((a, b) => (catalogKeys.item(a.id).sk < catalogKeys.item(b.id).sk ? -1 : 1));
  return { version: catalog.version, tests: bySk(catalog.tests), panels: bySk(catalog.panels) };
};

export interface CatalogStoreOptions {
  /**
   * The seed catalogue bundled with the function, and its digest (catalogDigest, computed at build).
   * When the table's meta item carries its version and digest, the first read is that one small item instead of the whole partition (a cold
   * start's largest read); otherwise the partition is read as usual.
   */
  snapshot?: () => { catalog: Catalog; digest: string };
  cacheTtlMs?: number;
  monotonicMs?: () => number;
}

/**
 * The catalogue in DynamoDB: one item per test or panel under a single partition, plus a meta
 * item holding the seeded version and digest. Reads are cached per container for `cacheTtlMs`, so a
 * warm quote performs no catalogue read.
 */
export class DynamoCatalogStore implements CatalogStore {
  private cached: { catalog: Catalog; loadedAtMs: number } | null = null;
  private loading: Promise<Catalog> | null = null;
  private snapshot: { catalog: Catalog; digest: string } | null = null;
  private readonly cacheTtlMs: number;
  private readonly monotonicMs: () => number;

  constructor(
    private readonly db: DynamoDBDocumentClient,
    private readonly tableName: string,
    private readonly options: CatalogStoreOptions = {},
  ) {
    this.cacheTtlMs = options.cacheTtlMs ?? 60_000;
    this.monotonicMs = options.monotonicMs ?? (() => performance.now());
  }

  async get(): Promise<Catalog> {
    if (this.cached && this.monotonicMs() - this.cached.loadedAtMs < this.cacheTtlMs) return this.cached.catalog;
    // Concurrent cold requests share one load.
    this.loading ??= this.load().finally(() => (this.loading = null));
    return this.loading;
  }

  private async load(): Promise<Catalog> {
    const catalog = (await this.fromSnapshot()) ?? (await this.readPartition());
    this.cached = { catalog, loadedAtMs: this.monotonicMs() };
    return catalog;
  }

  /** The bundled catalogue, if it is what the table holds. */
  private async fromSnapshot(): Promise<Catalog | null> {
    if (!this.options.snapshot) return null;
    this.snapshot ??= ((s) => ({ catalog: inStoreOrder(s.catalog), digest: s.digest }))(this.options.snapshot());
    const meta = await this.db.send(new GetCommand({ TableName: this.tableName, Key: catalogKeys.meta }));
    const { catalog, digest } = this.snapshot;
    return meta.Item?.version === catalog.version && meta.Item.digest === digest ? catalog : null;
  }

  private async readPartition(): Promise<Catalog> {
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
    return { version, tests, panels };
  }

  async seed(catalog: Catalog): Promise<{ written: boolean }> {
    const meta = await this.db.send(
      new GetCommand({ TableName: this.tableName, Key: catalogKeys.meta, ConsistentRead: true }),
    );
    const digest = catalogDigest(catalog);
    // A changed catalogue is written even if its version was not bumped (and a meta item from
    // before digests were stored is completed once).
    if (meta.Item?.version === catalog.version && meta.Item.digest === digest) return { written: false };
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
      new PutCommand({ TableName: this.tableName, Item: { ...catalogKeys.meta, version: catalog.version, digest } }),
    );
    this.cached = null;
    return { written: true };
  }
}
