import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import {
  GetCommand,
  PutCommand,
  TransactWriteCommand,
  UpdateCommand,
  paginateQuery,
  type DynamoDBDocumentClient,
} from '@aws-sdk/lib-dynamodb';
import type { ApiKeyRecord, Partner } from '../../domain/partner.js';
import type { PartnerChanges, PartnerStore } from '../../ports/partner-store.js';
import { newestFirst } from './sharded-index.js';
import { PARTNERS_BY_CREATION, partnerKeys, partnerListEntry } from './keys/partners-table.js';

// Partners and their API keys, in the partners table (its keys: keys/partners-table.ts).
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
    const r = await this.db.send(
      new GetCommand({ TableName: this.table, Key: partnerKeys.profile(id), ConsistentRead: true }),
    );
    return (r.Item?.partner as Partner | undefined) ?? null;
  }

  async update(
    id: string,
    changes: PartnerChanges,
    updatedAt: string,
    guard?: { secretsFrom: string | null },
  ): Promise<Partner | 'missing' | 'changed'> {
    const fields = Object.entries({ ...changes, updatedAt }).filter(([, v]) => v !== undefined);
    const names: Record<string, string> = { '#p': 'partner' };
    const values: Record<string, unknown> = {};
    const sets = fields.map(([field, value], i) => {
      names[`#f${i}`] = field;
      values[`:v${i}`] = value;
      return `#p.#f${i} = :v${i}`;
    });
    let condition = 'attribute_exists(pk)';
    if (guard) {
      names['#s'] = 'webhookSecrets';
      if (guard.secretsFrom === null) condition += ' AND (attribute_not_exists(#p.#s[0]))';
      else {
        values[':s'] = guard.secretsFrom;
        condition += ' AND #p.#s[0].secret = :s';
      }
    }
    try {
      const r = await this.db.send(
        new UpdateCommand({
          TableName: this.table,
          Key: partnerKeys.profile(id),
          UpdateExpression: `SET ${sets.join(', ')}`,
          ConditionExpression: condition,
          ExpressionAttributeNames: names,
          ExpressionAttributeValues: values,
          ReturnValues: 'ALL_NEW',
        }),
      );
      return r.Attributes?.partner as Partner;
    } catch (err) {
      if (!(err instanceof ConditionalCheckFailedException)) throw err;
      return (await this.get(id)) ? 'changed' : 'missing';
    }
  }

  async list(opts: {
    limit: number;
    startKey: string | null;
  }): Promise<{ partners: Partner[]; nextKey: string | null }> {
    const page = await newestFirst(this.db, { table: this.table, ...PARTNERS_BY_CREATION }, opts);
    return { partners: page.items.map((i) => i.partner as Partner), nextKey: page.nextKey };
  }

  async addKey(key: ApiKeyRecord): Promise<void> {
    await this.db.send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Put: {
              TableName: this.table,
              Item: { ...partnerKeys.keyByHash(key.hash), key },
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          },
          { Put: { TableName: this.table, Item: { ...partnerKeys.key(key.partnerId, key.id), key } } },
        ],
      }),
    );
  }

  async findKeyByHash(hash: string): Promise<ApiKeyRecord | null> {
    const r = await this.db.send(
      new GetCommand({ TableName: this.table, Key: partnerKeys.keyByHash(hash), ConsistentRead: true }),
    );
    return (r.Item?.key as ApiKeyRecord | undefined) ?? null;
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
