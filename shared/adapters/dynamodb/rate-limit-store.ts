import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { decide, gcra, idleSeconds, type BucketConfig, type Gcra, type TakeResult } from '../../domain/rate-limit.js';
import type { RateLimiter } from '../../ports/rate-limiter.js';
import { rateLimitKeys } from './keys/rate-limits-table.js';

/**
 * Per-client GCRA state in DynamoDB, so the limit holds across Lambda instances. Each write is a
 * conditional UpdateItem, so concurrent requests are serialised by DynamoDB itself, with no
 * read-modify-write race. The first write assumes the client is new or idle (its TAT in the past),
 * the common case: one write admits it, and one refused write tells an over-limit client's TAT, so
 * a refusal costs one call too. Only a client inside its burst pays a second write.
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
        if (!verdict.allowed) return verdict;
      }
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
        // Another request moved the TAT between the two writes (out of the window, or idle again): retry.
        if (!(err instanceof ConditionalCheckFailedException)) throw err;
      }
    }
    // Three rounds lost to concurrent requests from this client: it is busy at this very moment.
    // Refuse this one with the shortest honest wait rather than loop on a hot item.
    return { allowed: false, tatMs: nowMs, retryAfterSeconds: 1 };
  }
}
