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
import { newestFirst, shardOf } from './sharded-index.js';

// Partners and their API keys live in the orders table (single-table design):
//   partner#<id> / profile          the partner
//   partner#<id> / key#<keyId>      the partner's keys (for listing and revocation)
//   apikey#<sha256> / apikey        look-up by hash at authentication
// Profiles are also in gsi1 under partners#<shard>, by creation time, for the operator's list.
const PARTNERS_INDEX = { index: 'gsi1', partitionKey: 'gsi1pk', sortKey: 'gsi1sk', prefix: 'partners', shards: 4 };

function profileItem(partner: Partner) {
  return {
    pk: `partner#${partner.id}`,
    sk: 'profile',
    gsi1pk: `${PARTNERS_INDEX.prefix}#${shardOf(partner.id, PARTNERS_INDEX.shards)}`,
    gsi1sk: `${partner.createdAt}#${partner.id}`,
    partner,
  };
}

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
      new GetCommand({ TableName: this.table, Key: { pk: `partner#${id}`, sk: 'profile' }, ConsistentRead: true }),
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
          Key: { pk: `partner#${id}`, sk: 'profile' },
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
    const page = await newestFirst(this.db, { table: this.table, ...PARTNERS_INDEX }, opts);
    return { partners: page.items.map((i) => i.partner as Partner), nextKey: page.nextKey };
  }

  async addKey(key: ApiKeyRecord): Promise<void> {
    await this.db.send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Put: {
              TableName: this.table,
              Item: { pk: `apikey#${key.hash}`, sk: 'apikey', key },
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          },
          { Put: { TableName: this.table, Item: { pk: `partner#${key.partnerId}`, sk: `key#${key.id}`, key } } },
        ],
      }),
    );
  }

  async findKeyByHash(hash: string): Promise<ApiKeyRecord | null> {
    const r = await this.db.send(
      new GetCommand({ TableName: this.table, Key: { pk: `apikey#${hash}`, sk: 'apikey' }, ConsistentRead: true }),
    );
    return (r.Item?.key as ApiKeyRecord | undefined) ?? null;
  }

  async getKey(partnerId: string, keyId: string): Promise<ApiKeyRecord | null> {
    const r = await this.db.send(
      new GetCommand({
        TableName: this.table,
        Key: { pk: `partner#${partnerId}`, sk: `key#${keyId}` },
        ConsistentRead: true,
      }),
    );
    return (r.Item?.key as ApiKeyRecord | undefined) ?? null;
  }

  async listKeys(partnerId: string): Promise<ApiKeyRecord[]> {
    const pages = paginateQuery(
      { client: this.db },
      {
        TableName: this.table,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :key)',
        ExpressionAttributeValues: { ':pk': `partner#${partnerId}`, ':key': 'key#' },
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
          { Update: { TableName: this.table, Key: { pk: `apikey#${key.hash}`, sk: 'apikey' }, ...set } },
          { Update: { TableName: this.table, Key: { pk: `partner#${key.partnerId}`, sk: `key#${key.id}` }, ...set } },
        ],
      }),
    );
  }
}
