import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startService, type RunningService } from '../support/local-service.js';

// Its own runtime on the default limits (burst 60, 60 a minute) and log level, as `npm start` runs.
let service: RunningService;
beforeAll(async () => {
  service = await startService({ LOG_LEVEL: undefined });
});
afterAll(async () => service?.stop());

const paths = ['/api/public/v1/availability?state=CA', '/api/public/v1/quote?items=cbc', '/api/tests', '/api/catalog'];

describe('public rate limit per client IP', () => {
  it('allows a burst of 60, then 429 with an honest Retry-After that is never cached', async () => {
    const started = Date.now();
    const burst = await Promise.all(
      Array.from({ length: 80 }, (_, i) => fetch(`${service.url}${paths[i % paths.length]}`)),
    );
    const elapsedSeconds = (Date.now() - started) / 1000;
    const allowed = burst.filter((r) => r.status === 200).length;
    // 60 from the bucket, plus at most one a second refilled while the burst was in flight.
    expect(allowed).toBeGreaterThanOrEqual(60);
    expect(allowed).toBeLessThanOrEqual(60 + Math.ceil(elapsedSeconds) + 1);
    const limited = burst.filter((r) => r.status === 429);
    expect(limited.length).toBeGreaterThan(0);
    // Every covered endpoint is limited: with the bucket dry (one token a second comes back), five
    // more requests to each endpoint, fired at once, find at most a token or two between them all.
    const again = await Promise.all(
      paths.flatMap((path) =>
        Array.from({ length: 5 }, () => fetch(`${service.url}${path}`).then((r) => ({ path, status: r.status }))),
      ),
    );
    for (const path of paths)
      expect(again.filter((r) => r.path === path && r.status === 429).length, path).toBeGreaterThanOrEqual(3);
    const sample = limited[0] as Response;
    const retryAfter = sample.headers.get('retry-after');
    expect(retryAfter).toMatch(/^\d+$/);
    expect(sample.headers.get('cache-control')).toBe('no-store');
    expect((await sample.json()).error.code).toBe('rate_limited');
    await new Promise((r) => setTimeout(r, Number(retryAfter) * 1000 + 50));
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
