import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { decide, gcra, idleSeconds, type BucketConfig, type Gcra, type TakeResult } from '../../domain/rate-limit.js';
import type { RateLimiter } from '../../ports/rate-limiter.js';
import { rateLimitKeys } from './keys/rate-limits-table.js';

/** How many clients' last TATs a container remembers to guess which write to try first. */
const REMEMBERED_CLIENTS = 1_000;

/**
 * Per-client GCRA state in DynamoDB, so the limit holds across Lambda instances. Each write is a
 * conditional UpdateItem, so concurrent requests are serialised by DynamoDB itself, with no
 * read-modify-write race. There are two writes, one per case: a new or idle client (TAT in the
 * past) and a client inside its burst (TAT ahead). The container guesses the case from the last
 * TAT it saw for the client (unknown or out of the window: idle, as for every client a fresh
 * container meets), so the usual request is one write; a wrong guess costs a second, never a wrong answer. A refused idle
 * write returns the client's TAT, so an over-limit client is refused after one write too.
 */
export class DynamoRateLimiter implements RateLimiter {
  private readonly g: Gcra;
  private readonly lastTat = new Map<string, number>();

  constructor(
    private readonly db: DynamoDBDocumentClient,
    private readonly tableName: string,
    private readonly config: BucketConfig,
  ) {
    this.g = gcra(config);
  }

  async take(clientKey: string, nowMs: number): Promise<TakeResult> {
    const last = this.lastTat.get(clientKey);
    const busyFirst = last !== undefined && last >= nowMs && last <= nowMs + this.g.toleranceMs;
    const result = await this.write(clientKey, nowMs, busyFirst);
    this.lastTat.delete(clientKey);
    this.lastTat.set(clientKey, result.tatMs);
    if (this.lastTat.size > REMEMBERED_CLIENTS) this.lastTat.delete(this.lastTat.keys().next().value as string);
    return result;
  }

  private async write(clientKey: string, nowMs: number, busyFirst: boolean): Promise<TakeResult> {
    const Key = rateLimitKeys.client(clientKey);
    const expiresAt = Math.floor(nowMs / 1000) + idleSeconds(this.config);
    // Busy client with room left: TAT += interval. Null when its TAT is not in the window.
    const busy = async (): Promise<TakeResult | null> => {
      try {
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
        return null;
      }
    };
    // New or idle client: TAT = now + interval. A refused write returns the stored TAT: over the
    // limit, that is the verdict; inside the burst, null (the busy write is the one to make).
    const idle = async (): Promise<TakeResult | null> => {
      try {
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
        return verdict.allowed ? null : verdict;
      }
    };
    for (let round = 0; round < 3; round++) {
      // A lost write means another request moved the TAT meanwhile: the next write decides again.
      if (!(busyFirst && round === 0)) {
        const verdict = await idle();
        if (verdict) return verdict;
      }
      const admitted = await busy();
      if (admitted) return admitted;
    }
    // Three rounds lost to concurrent requests from this client: it is busy at this very moment.
    // Refuse this one with the shortest honest wait rather than loop on a hot item.
    return { allowed: false, tatMs: nowMs, retryAfterSeconds: 1 };
  }
}
