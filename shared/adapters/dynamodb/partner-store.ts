import { ConditionalCheckFailedException, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import {
  GetCommand,
  PutCommand,
  TransactWriteCommand,
  UpdateCommand,
  paginateQuery,
  type DynamoDBDocumentClient,
} from '@aws-sdk/lib-dynamodb';
import { accessOf, MAX_LIVE_KEYS, type ApiKeyRecord, type KeyAccess, type Partner } from '../../domain/partner.js';
import type { AddKeyOutcome, PartnerChanges, PartnerStore } from '../../ports/partner-store.js';
import { newestFirst } from './sharded-index.js';
import { definedOnly, partnerUpdate, versionHolds } from './partner-updates.js';
import { PARTNERS_BY_CREATION, partnerKeys, partnerListEntry } from './keys/partners-table.js';

// Partners and their API keys, in the partners table (its keys: keys/partners-table.ts).
// Each key's hash item carries a copy of its partner's access (status, usage-plan key), so the
// authorizer decides in one read. The copies never drift: a key is added, and an access change
// reaches every live key, in one transaction with the profile, and each such transaction bumps
// and checks the profile's `accessVersion`, so a key added during a suspension retries rather
// than keeping the old status.
const ACCESS_FIELDS = ['status', 'usagePlanKey'] as const;
const ATTEMPTS = 5;

/** A transaction lost a race at item `at` (or to a concurrent one): read again and retry. */
const raced = (err: unknown, at: number) =>
  err instanceof TransactionCanceledException &&
  (err.CancellationReasons?.[at]?.Code === 'ConditionalCheckFailed' ||
    (err.CancellationReasons ?? []).some((r) => r.Code === 'TransactionConflict'));

const profileItem = (partner: Partner) => ({
  ...partnerKeys.profile(partner.id),
  ...partnerListEntry(partner),
  partner,
});

export class DynamoPartnerStore implements PartnerStore {
  constructor(
    private readonly db: DynamoDBDocumentClient,
    private readonly table: string,
  ) {}

  async create(partner: Partner): Promise<void> {
    await this.db.send(
      new PutCommand({
        TableName: this.table,
        Item: profileItem(partner),
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
  }

  async get(id: string): Promise<Partner | null> {
    return (await this.profile(id)).partner;
  }

  async update(
    id: string,
    changes: PartnerChanges,
    updatedAt: string,
    guard?: { secretsFrom: string | null },
  ): Promise<Partner | 'missing' | 'changed'> {
    if (ACCESS_FIELDS.some((f) => changes[f] !== undefined)) return this.updateAccess(id, changes, updatedAt, guard);
    try {
      const r = await this.db.send(
        new UpdateCommand({
          TableName: this.table,
          Key: partnerKeys.profile(id),
          ...partnerUpdate(changes, updatedAt, guard),
          ReturnValues: 'ALL_NEW',
        }),
      );
      return r.Attributes?.partner as Partner;
    } catch (err) {
      if (!(err instanceof ConditionalCheckFailedException)) throw err;
      return (await this.get(id)) ? 'changed' : 'missing';
    }
  }

  /** A change of status or usage-plan key: the profile and every live key's copy, all or nothing. */
  private async updateAccess(
    id: string,
    changes: PartnerChanges,
    updatedAt: string,
    guard?: { secretsFrom: string | null },
  ): Promise<Partner | 'missing' | 'changed'> {
    for (let attempt = 1; ; attempt++) {
      const { partner, version } = await this.profile(id);
      if (!partner) return 'missing';
      const live = (await this.listKeys(id)).filter((k) => k.revokedAt === null);
      if (live.length > MAX_LIVE_KEYS)
        throw new Error(`partner ${id} has ${live.length} live keys; revoke some before changing its status`);
      const access = accessOf({ ...partner, ...definedOnly(changes) });
      const update = partnerUpdate(changes, updatedAt, guard, version);
      try {
        await this.db.send(
          new TransactWriteCommand({
            TransactItems: [
              { Update: { TableName: this.table, Key: partnerKeys.profile(id), ...update } },
              ...live.map((k) => ({
                Update: {
                  TableName: this.table,
                  Key: partnerKeys.keyByHash(k.hash),
                  UpdateExpression: 'SET #a = :a',
                  ExpressionAttributeNames: { '#a': 'access' },
                  ExpressionAttributeValues: { ':a': access },
                },
              })),
            ],
          }),
        );
        return (await this.get(id)) ?? 'missing';
      } catch (err) {
        if (!raced(err, 0)) throw err;
        const now = await this.profile(id);
        if (!now.partner) return 'missing';
        if (guard && (now.partner.webhookSecrets?.[0]?.secret ?? null) !== guard.secretsFrom) return 'changed';
        if (attempt >= ATTEMPTS) throw err;
      }
    }
  }

  private bumpVersion(partnerId: string, holds: ReturnType<typeof versionHolds>) {
    return {
      Update: {
        TableName: this.table,
        Key: partnerKeys.profile(partnerId),
        UpdateExpression: 'ADD #av :one',
        ConditionExpression: `attribute_exists(pk) AND ${holds.condition}`,
        ExpressionAttributeNames: holds.names,
        ExpressionAttributeValues: { ...holds.values, ':one': 1 },
      },
    };
  }

  private async profile(id: string): Promise<{ partner: Partner | null; version: number }> {
    const r = await this.db.send(
      new GetCommand({ TableName: this.table, Key: partnerKeys.profile(id), ConsistentRead: true }),
    );
    return {
      partner: (r.Item?.partner as Partner | undefined) ?? null,
      version: (r.Item?.accessVersion as number | undefined) ?? 0,
    };
  }

  async list(opts: {
    limit: number;
    startKey: string | null;
  }): Promise<{ partners: Partner[]; nextKey: string | null }> {
    const page = await newestFirst(this.db, { table: this.table, ...PARTNERS_BY_CREATION }, opts);
    return { partners: page.items.map((i) => i.partner as Partner), nextKey: page.nextKey };
  }

  async addKey(key: ApiKeyRecord, opts: { ifPartnerExists?: boolean } = {}): Promise<AddKeyOutcome> {
    for (let attempt = 1; ; attempt++) {
      // The count is as of the version read: every key added to a partner bumps that version in its
      // own transaction, so two keys added at once cannot both pass the cap (one retries and counts
      // again). The keys are listed after the version is read, never beside it: a list read before a
      // racing add and a version read after it would pass the cap with a count one short.
      const { partner, version } = await this.profile(key.partnerId);
      const keys = await this.listKeys(key.partnerId);
      if (!partner && opts.ifPartnerExists) return 'no_partner';
      if (partner && keys.filter((k) => k.revokedAt === null).length >= MAX_LIVE_KEYS) return 'too_many_keys';
      const holds = versionHolds(version);
      try {
        await this.db.send(
          new TransactWriteCommand({
            TransactItems: [
              {
                Put: {
                  TableName: this.table,
                  Item: { ...partnerKeys.keyByHash(key.hash), key, ...(partner ? { access: accessOf(partner) } : {}) },
                  ConditionExpression: 'attribute_not_exists(pk)',
                },
              },
              { Put: { TableName: this.table, Item: { ...partnerKeys.key(key.partnerId, key.id), key } } },
              // No partner: the key carries no access, and authentication finds no partner for it.
              ...(partner ? [this.bumpVersion(key.partnerId, holds)] : []),
            ],
          }),
        );
        return 'added';
      } catch (err) {
        if (!raced(err, 2) || attempt >= ATTEMPTS) throw err;
      }
    }
  }

  async findKeyByHash(hash: string): Promise<ApiKeyRecord | null> {
    return (await this.findKeyWithAccess(hash))?.key ?? null;
  }

  async findKeyWithAccess(hash: string): Promise<{ key: ApiKeyRecord; access: KeyAccess | null } | null> {
    const r = await this.db.send(
      new GetCommand({ TableName: this.table, Key: partnerKeys.keyByHash(hash), ConsistentRead: true }),
    );
    const key = r.Item?.key as ApiKeyRecord | undefined;
    if (!key) return null;
    // A key written before access was copied onto keys: its partner's own item, one read more.
    const stored = r.Item?.access as KeyAccess | undefined;
    if (stored) return { key, access: stored };
    const partner = await this.get(key.partnerId);
    return { key, access: partner ? accessOf(partner) : null };
  }

  async getKey(partnerId: string, keyId: string): Promise<ApiKeyRecord | null> {
    const r = await this.db.send(
      new GetCommand({
        TableName: this.table,
        Key: partnerKeys.key(partnerId, keyId),
        ConsistentRead: true,
      }),
    );
    return (r.Item?.key as ApiKeyRecord | undefined) ?? null;
  }

  async listKeys(partnerId: string): Promise<ApiKeyRecord[]> {
    const keysOf = partnerKeys.keysOf(partnerId);
    const pages = paginateQuery(
      { client: this.db },
      {
        TableName: this.table,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :key)',
        ExpressionAttributeValues: { ':pk': keysOf.pk, ':key': keysOf.skPrefix },
        ConsistentRead: true,
      },
    );
    const keys: ApiKeyRecord[] = [];
    for await (const page of pages) keys.push(...(page.Items ?? []).map((i) => i.key as ApiKeyRecord));
    return keys;
  }

  async revokeKey(key: ApiKeyRecord, revokedAt: string): Promise<void> {
    const set = {
      UpdateExpression: 'SET #k.revokedAt = :r',
      ExpressionAttributeNames: { '#k': 'key' },
      ExpressionAttributeValues: { ':r': revokedAt },
    };
    await this.db.send(
      new TransactWriteCommand({
        TransactItems: [
          { Update: { TableName: this.table, Key: partnerKeys.keyByHash(key.hash), ...set } },
          { Update: { TableName: this.table, Key: partnerKeys.key(key.partnerId, key.id), ...set } },
        ],
      }),
    );
  }
}
