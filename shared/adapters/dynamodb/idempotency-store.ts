import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { KeyRecord } from '../../domain/idempotency.js';
import type { IdempotencyStore } from '../../ports/idempotency-store.js';
import { UNSETTLED, idempotencyKeys, keyCondition, keyItem } from './keys/idempotency-table.js';
import { oldestFirst } from './sharded-index.js';

/**
 * Idempotency records in the Powertools idempotency table and record format (id, status,
 * expiration, in_progress_expiration, data, validation). We do not use Powertools' own
 * makeIdempotent / DynamoDBPersistenceLayer for POST /orders because: it deletes the record when
 * the handler throws (the spec keeps the key in progress after a 500 and locks it for 5
 * minutes); it reads Date.now() (our 24 h expiry and locks read the injected service clock); and
 * it cannot hold the payment phase (attempt, remembered intent) between requests. That the format
 * is still Powertools' is held by test/unit/idempotency-format.test.ts (at test time, not at every
 * cold start: the check would carry Powertools' idempotency package and JMESPath into the bundle).
 */

export class DynamoIdempotencyStore implements IdempotencyStore {
  constructor(
    private readonly db: DynamoDBDocumentClient,
    private readonly table: string,
  ) {}

  async get(id: string): Promise<KeyRecord | null> {
    const r = await this.db.send(
      new GetCommand({ TableName: this.table, Key: idempotencyKeys.record(id), ConsistentRead: true }),
    );
    return r.Item ? fromItem(r.Item) : null;
  }

  async unsettled(limit: number): Promise<KeyRecord[]> {
    const items = await oldestFirst(this.db, { table: this.table, ...UNSETTLED }, { limit });
    return items.map(fromItem);
  }

  async put(record: KeyRecord, expectedVersion: number | null): Promise<boolean> {
    try {
      await this.db.send(
        new PutCommand({
          TableName: this.table,
          Item: keyItem(record),
          ...keyCondition(expectedVersion),
        }),
      );
      return true;
    } catch (err) {
      if (err instanceof ConditionalCheckFailedException) return false;
      throw err;
    }
  }
}

function fromItem(item: Record<string, unknown>): KeyRecord {
  const { [UNSETTLED.partitionKey]: pk, [UNSETTLED.sortKey]: sk, ...record } = item;
  void pk;
  void sk;
  return record as unknown as KeyRecord;
}
