import { GetCommand, PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { ResultsStore, StoredResults } from '../../ports/results-store.js';

/** Results beside their order, in the partner's partition of the orders table. */
export class DynamoResultsStore implements ResultsStore {
  constructor(
    private readonly db: DynamoDBDocumentClient,
    private readonly table: string,
  ) {}

  async put(results: StoredResults): Promise<void> {
    await this.db.send(new PutCommand({ TableName: this.table, Item: { pk: `partner#${results.partnerId}`, sk: `results#${results.orderId}`, results } }));
  }

  async get(partnerId: string, orderId: string): Promise<StoredResults | null> {
    const r = await this.db.send(new GetCommand({ TableName: this.table, Key: { pk: `partner#${partnerId}`, sk: `results#${orderId}` }, ConsistentRead: true }));
    return (r.Item?.results as StoredResults | undefined) ?? null;
  }
}
