import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startService, type RunningService } from '../support/local-service.js';

// Its own runtime on the default limits (burst 60, 60 a minute), log level and call counting, as `npm start` runs,
// on a manual service clock: refills happen only when the test moves time, so the counts below are
// exact however slowly a busy machine answers.
const ADMIN_TOKEN = 'rate-limit-admin-token-0123456789';
let service: RunningService;
beforeAll(async () => {
  service = await startService({
    LOG_LEVEL: undefined,
    COUNT_DYNAMODB_CALLS: undefined,
    SERVICE_CLOCK: 'manual',
    ADMIN_TOKEN,
  });
});
afterAll(async () => service?.stop());

const paths = ['/api/public/v1/availability?state=CA', '/api/public/v1/quote?items=cbc', '/api/tests', '/api/catalog'];

async function advanceClock(seconds: number): Promise<void> {
  const res = await fetch(`${service.url}/admin/v1/clock/advance`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${ADMIN_TOKEN}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ seconds }),
  });
  expect(res.status).toBe(200);
}

describe('public rate limit per client IP', () => {
  it('allows a burst of 60, then 429 with an honest Retry-After that is never cached', async () => {
    const burst = await Promise.all(
      Array.from({ length: 80 }, (_, i) => fetch(`${service.url}${paths[i % paths.length]}`)),
    );
    // The clock stands still: exactly the bucket, not a token more.
    expect(burst.filter((r) => r.status === 200).length).toBe(60);
    // As `npm start` runs: no per-request DynamoDB counts (COUNT_DYNAMODB_CALLS, the tests' budgets).
    expect(
      burst.some((r) => r.headers.has('x-local-dynamodb-calls') || r.headers.has('x-local-dynamodb-commands')),
    ).toBe(false);
    const limited = burst.filter((r) => r.status === 429);
    expect(limited.length).toBe(20);
    // Every covered endpoint is limited while no time passes.
    const again = await Promise.all(
      paths.flatMap((path) =>
        Array.from({ length: 5 }, () => fetch(`${service.url}${path}`).then((r) => ({ path, status: r.status }))),
      ),
    );
    for (const path of paths) expect(again.filter((r) => r.path === path && r.status === 429).length, path).toBe(5);
    const sample = limited[0] as Response;
    const retryAfter = Number(sample.headers.get('retry-after'));
    expect(sample.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(sample.headers.get('cache-control')).toBe('no-store');
    expect((await sample.json()).error.code).toBe('rate_limited');
    // Honest: one second short of Retry-After is still too early, waiting exactly that long succeeds.
    if (retryAfter > 1) {
      await advanceClock(retryAfter - 1);
      expect((await fetch(`${service.url}/api/public/v1/availability?state=CA`)).status).toBe(429);
      await advanceClock(1);
    } else {
      await advanceClock(retryAfter);
    }
    expect((await fetch(`${service.url}/api/public/v1/availability?state=CA`)).status).toBe(200);
  });

  it('does not trust X-Forwarded-For to pick the bucket', async () => {
    const statuses = await Promise.all(
      Array.from({ length: 70 }, (_, i) =>
        fetch(`${service.url}/api/public/v1/availability?state=CA`, {
          headers: { 'X-Forwarded-For': `203.0.113.${i}` },
        }).then((r) => r.status),
      ),
    );
    // Spoofed addresses do not earn fresh buckets: the same socket address runs dry.
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(5);
  });

  it('does not limit the health check', async () => {
    expect((await fetch(`${service.url}/healthz`)).status).toBe(200);
  });

  it('logs at the documented default level, WARN: the hundreds of requests above left no INFO line', () => {
    expect(service.output()).toContain('listening on');
    expect(service.output()).not.toMatch(/"level":"(INFO|DEBUG)"/);
  });
});
