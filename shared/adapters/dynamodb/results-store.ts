import { GetCommand, PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { ResultsStore, StoredResults } from '../../ports/results-store.js';
import { orderKeys } from './keys/orders-table.js';

/** Results beside their order, in the partner's partition of the orders table, one item per delivery. */
export class DynamoResultsStore implements ResultsStore {
  constructor(
    private readonly db: DynamoDBDocumentClient,
    private readonly table: string,
  ) {}

  async put(results: StoredResults): Promise<void> {
    await this.db.send(
      new PutCommand({
        TableName: this.table,
        Item: { ...orderKeys.results(results.partnerId, results.orderId, results.id), results },
      }),
    );
  }

  async get(partnerId: string, orderId: string, resultsId: string | undefined): Promise<StoredResults | null> {
    const r = await this.db.send(
      new GetCommand({
        TableName: this.table,
        Key: orderKeys.results(partnerId, orderId, resultsId),
        ConsistentRead: true,
      }),
    );
    return (r.Item?.results as StoredResults | undefined) ?? null;
  }
}
