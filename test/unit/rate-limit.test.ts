import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { decide, gcra } from '../../shared/domain/rate-limit.js';
import { DynamoRateLimiter } from '../../shared/adapters/dynamodb/rate-limit-store.js';

const g = gcra({ burst: 60, perMinute: 60 });

function run(times: number[], cfg = g) {
  let tat: number | null = null;
  return times.map((t) => {
    const r = decide(tat, t, cfg);
    if (r.allowed) tat = r.tatMs;
    return r;
  });
}

describe('GCRA rate limit (token bucket equivalent)', () => {
  it('allows a burst of 60 at once, refuses the 61st with an honest Retry-After', () => {
    const results = run(Array.from({ length: 61 }, () => 0));
    expect(results.slice(0, 60).every((r) => r.allowed)).toBe(true);
    const refused = results[60];
    expect(refused?.allowed).toBe(false);
    if (refused && !refused.allowed) expect(refused.retryAfterSeconds).toBe(1);
  });

  it('waiting Retry-After seconds always succeeds (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 100 }),
        fc.integer({ min: 1, max: 600 }),
        fc.integer({ min: 0, max: 200 }),
        (burst, perMinute, extra) => {
          const cfg = gcra({ burst, perMinute });
          let tat: number | null = null;
          for (let i = 0; i < burst + extra; i++) {
            const r = decide(tat, 0, cfg);
            if (r.allowed) tat = r.tatMs;
          }
          const r = decide(tat, 0, cfg);
          if (r.allowed) return;
          expect(r.retryAfterSeconds).toBeGreaterThanOrEqual(1);
          expect(decide(tat, r.retryAfterSeconds * 1000, cfg).allowed).toBe(true);
        },
      ),
    );
  });

  it('sustains about 60 a minute after the burst', () => {
    const times = Array.from({ length: 2400 }, (_, i) => i * 250); // 4 a second for 10 minutes
    const allowed = run(times).filter((r) => r.allowed).length;
    expect(allowed).toBeGreaterThanOrEqual(655);
    expect(allowed).toBeLessThanOrEqual(661);
  });
});

describe('DynamoRateLimiter under contention', () => {
  it('a request that loses every round to concurrent ones is refused with an honest whole-second Retry-After', async () => {
    const nowMs = 1_700_000_000_000;
    let sends = 0;
    // Every conditional write loses: the first because the client is inside its burst (its TAT is
    // now), the second because another request just moved its TAT (so trying again would be right).
    const db = {
      send: async () => {
        sends++;
        throw new ConditionalCheckFailedException({
          message: 'lost',
          $metadata: {},
          Item: { tat: { N: String(nowMs) } },
        });
      },
    } as unknown as DynamoDBDocumentClient;
    const verdict = await new DynamoRateLimiter(db, 'rate-limits', { burst: 60, perMinute: 60 }).take('1.2.3.4', nowMs);
    expect(sends).toBe(6);
    expect(verdict).toEqual({ allowed: false, tatMs: nowMs, retryAfterSeconds: 1 });
    expect(String(verdict.allowed ? '' : verdict.retryAfterSeconds)).toMatch(/^\d+$/);
  });
});

describe('DynamoRateLimiter round trips', () => {
  const nowMs = 1_700_000_000_000;
  const failed = (tat: number) =>
    new ConditionalCheckFailedException({ message: 'condition', $metadata: {}, Item: { tat: { N: String(tat) } } });
  /** A client whose writes answer in turn: a value resolves, an error rejects. */
  const scripted = (answers: Array<object | Error>) => {
    const sent: string[] = [];
    const db = {
      send: async (command: { input: { UpdateExpression: string } }) => {
        sent.push(command.input.UpdateExpression);
        const answer = answers[sent.length - 1];
        if (answer instanceof Error) throw answer;
        return answer;
      },
    } as unknown as DynamoDBDocumentClient;
    return { sent, limiter: new DynamoRateLimiter(db, 'rate-limits', { burst: 60, perMinute: 60 }) };
  };

  it('admits a new or idle client with one write', async () => {
    const { sent, limiter } = scripted([{}]);
    expect(await limiter.take('1.2.3.4', nowMs)).toEqual({ allowed: true, tatMs: nowMs + 1000 });
    expect(sent).toEqual(['SET tat = :t, expiresAt = :e']);
  });

  it('refuses an over-limit client with one write, from the TAT its refused write returns', async () => {
    const { sent, limiter } = scripted([failed(nowMs + 70_000)]);
    expect(await limiter.take('1.2.3.4', nowMs)).toEqual({
      allowed: false,
      tatMs: nowMs + 70_000,
      retryAfterSeconds: 11,
    });
    expect(sent).toHaveLength(1);
  });

  it('admits a client inside its burst with a second write that moves its TAT on', async () => {
    const { sent, limiter } = scripted([failed(nowMs + 5_000), { Attributes: { tat: nowMs + 6_000 } }]);
    expect(await limiter.take('1.2.3.4', nowMs)).toEqual({ allowed: true, tatMs: nowMs + 6_000 });
    expect(sent).toEqual(['SET tat = :t, expiresAt = :e', 'SET tat = tat + :i, expiresAt = :e']);
  });

  it('remembers the TAT it saw: the same client inside its burst is admitted with one write next time', async () => {
    const over = failed(nowMs + 70_000);
    const { sent, limiter } = scripted([{}, { Attributes: { tat: nowMs + 2_000 } }, over, over, over]);
    await limiter.take('1.2.3.4', nowMs);
    expect(await limiter.take('1.2.3.4', nowMs + 10)).toEqual({ allowed: true, tatMs: nowMs + 2_000 });
    expect(sent).toEqual(['SET tat = :t, expiresAt = :e', 'SET tat = tat + :i, expiresAt = :e']);
    // Pushed over the limit by requests other containers served: the guessed write fails, the other tells.
    expect(await limiter.take('1.2.3.4', nowMs + 20)).toMatchObject({ allowed: false, tatMs: nowMs + 70_000 });
    expect(sent.slice(2)).toEqual(['SET tat = tat + :i, expiresAt = :e', 'SET tat = :t, expiresAt = :e']);
    // Remembered as over the limit: the next request is refused after the one write that reports it.
    expect(await limiter.take('1.2.3.4', nowMs + 30)).toMatchObject({ allowed: false });
    expect(sent.slice(4)).toEqual(['SET tat = :t, expiresAt = :e']);
  });
});
