import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startService, type RunningService } from '../support/local-service.js';

// Its own runtime on the default limits (burst 60, 60 a minute), as `npm start` runs.
let service: RunningService;
beforeAll(async () => {
  service = await startService({});
});
afterAll(async () => service?.stop());

describe('public rate limit per client IP', () => {
  it('allows a burst of 60, then 429 with an honest Retry-After that is never cached', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 60; i++) statuses.push((await fetch(`${service.url}/api/public/v1/availability?state=CA`)).status);
    expect(statuses.every((s) => s === 200)).toBe(true);
    const limited = await fetch(`${service.url}/api/public/v1/quote?items=cbc`);
    expect(limited.status).toBe(429);
    const retryAfter = limited.headers.get('retry-after');
    expect(retryAfter).toMatch(/^\d+$/);
    expect(limited.headers.get('cache-control')).toBe('no-store');
    const body = await limited.json();
    expect(body.error.code).toBe('rate_limited');
    // The limit covers the catalogue endpoints too.
    expect((await fetch(`${service.url}/api/tests`)).status).toBe(429);
    await new Promise((r) => setTimeout(r, Number(retryAfter) * 1000 + 50));
    expect((await fetch(`${service.url}/api/public/v1/availability?state=CA`)).status).toBe(200);
  });

  it('does not trust X-Forwarded-For to pick the bucket', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 70; i++) {
      const res = await fetch(`${service.url}/api/public/v1/availability?state=CA`, { headers: { 'X-Forwarded-For': `203.0.113.${i}` } });
      statuses.push(res.status);
    }
    // Spoofed addresses do not earn fresh buckets: the same socket address runs dry.
    expect(statuses.slice(-5)).toEqual([429, 429, 429, 429, 429]);
  });
});
