import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { decide, gcra, idleSeconds, type BucketConfig, type Gcra, type TakeResult } from '../../domain/rate-limit.js';
import type { RateLimiter } from '../../ports/rate-limiter.js';
import { rateLimitKeys } from './keys/rate-limits-table.js';

/**
 * Per-client GCRA state in DynamoDB, so the limit holds across Lambda instances. A request is one
 * conditional UpdateItem that advances the TAT only if the client has room: concurrent requests
 * are serialised by DynamoDB itself, with no read-modify-write race.
 */
export class DynamoRateLimiter implements RateLimiter {
  private readonly g: Gcra;

  constructor(
    private readonly db: DynamoDBDocumentClient,
    private readonly tableName: string,
    private readonly config: BucketConfig,
  ) {
    this.g = gcra(config);
  }

  async take(clientKey: string, nowMs: number): Promise<TakeResult> {
    const Key = rateLimitKeys.client(clientKey);
    const expiresAt = Math.floor(nowMs / 1000) + idleSeconds(this.config);
    for (let attempt = 0; attempt < 3; attempt++) {
      try {
        // Busy client with room left: TAT += interval.
        const r = await this.db.send(
          new UpdateCommand({
            TableName: this.tableName,
            Key,
            UpdateExpression: 'SET tat = tat + :i, expiresAt = :e',
            ConditionExpression: 'tat >= :now AND tat <= :max',
            ExpressionAttributeValues: {
              ':i': this.g.intervalMs,
              ':e': expiresAt,
              ':now': nowMs,
              ':max': nowMs + this.g.toleranceMs,
            },
            ReturnValues: 'UPDATED_NEW',
          }),
        );
        return { allowed: true, tatMs: Number(r.Attributes?.tat) };
      } catch (err) {
        if (!(err instanceof ConditionalCheckFailedException)) throw err;
      }
      try {
        // New or idle client: TAT = now + interval.
        await this.db.send(
          new UpdateCommand({
            TableName: this.tableName,
            Key,
            UpdateExpression: 'SET tat = :t, expiresAt = :e',
            ConditionExpression: 'attribute_not_exists(tat) OR tat < :now',
            ExpressionAttributeValues: { ':t': nowMs + this.g.intervalMs, ':e': expiresAt, ':now': nowMs },
            ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
          }),
        );
        return { allowed: true, tatMs: nowMs + this.g.intervalMs };
      } catch (err) {
        if (!(err instanceof ConditionalCheckFailedException)) throw err;
        const tat = err.Item?.tat?.N !== undefined ? Number(err.Item.tat.N) : null;
        const verdict = decide(tat, nowMs, this.g);
        // Over the limit; otherwise another request moved the TAT between the two writes: retry.
        if (!verdict.allowed) return verdict;
      }
    }
    // Three rounds lost to concurrent requests from this client: it is busy at this very moment.
    // Refuse this one with the shortest honest wait rather than loop on a hot item.
    return { allowed: false, tatMs: nowMs, retryAfterSeconds: 1 };
  }
}
