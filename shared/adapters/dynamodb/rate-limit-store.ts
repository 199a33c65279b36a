import { GetCommand, PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { bucketIdleSeconds, takeToken, type BucketConfig, type TakeResult } from '../../domain/rate-limit.js';
import type { RateLimiter } from '../../ports/rate-limiter.js';

/**
 * Token buckets stored in DynamoDB so the limit holds across Lambda instances. Each take is a
 * read followed by a write conditioned on the version read (optimistic concurrency); a lost race
 * re-reads and tries again.
 */
export class DynamoRateLimiter implements RateLimiter {
  constructor(
    private readonly db: DynamoDBDocumentClient,
    private readonly tableName: string,
    private readonly config: BucketConfig,
  ) {}

  async take(clientKey: string, nowMs: number): Promise<TakeResult> {
    const pk = `rl#${clientKey}`;
    for (let attempt = 0; ; attempt++) {
      const got = await this.db.send(new GetCommand({ TableName: this.tableName, Key: { pk }, ConsistentRead: true }));
      const prev = got.Item ? { tokens: Number(got.Item.tokens), updatedAtMs: Number(got.Item.updatedAtMs) } : null;
      const result = takeToken(prev, nowMs, this.config);
      try {
        await this.db.send(
          new PutCommand({
            TableName: this.tableName,
            Item: {
              pk,
              tokens: result.next.tokens,
              updatedAtMs: result.next.updatedAtMs,
              version: (got.Item?.version ?? 0) + 1,
              expiresAt: Math.floor(nowMs / 1000) + bucketIdleSeconds(this.config),
            },
            ConditionExpression: got.Item ? 'version = :v' : 'attribute_not_exists(pk)',
            ...(got.Item ? { ExpressionAttributeValues: { ':v': got.Item.version } } : {}),
          }),
        );
        return result;
      } catch (err) {
        if (err instanceof ConditionalCheckFailedException && attempt < 5) continue;
        throw err;
      }
    }
  }
}
