import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { takeToken, type BucketState } from '../../shared/domain/rate-limit.js';

const config = { burst: 60, perMinute: 60 };

describe('token bucket', () => {
  it('allows a burst of 60 then refuses the 61st with an honest Retry-After', () => {
    let state: BucketState | null = null;
    for (let i = 0; i < 60; i++) {
      const r = takeToken(state, 0, config);
      expect(r.allowed).toBe(true);
      state = r.next;
    }
    const refused = takeToken(state, 0, config);
    expect(refused.allowed).toBe(false);
    if (refused.allowed) return;
    expect(refused.retryAfterSeconds).toBe(1);
    expect(takeToken(refused.next, refused.retryAfterSeconds * 1000, config).allowed).toBe(true);
  });

  it('waiting Retry-After seconds always succeeds (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100 }), fc.integer({ min: 1, max: 600 }), fc.integer({ min: 0, max: 200 }), (burst, perMinute, extra) => {
        const cfg = { burst, perMinute };
        let state: BucketState | null = null;
        let now = 0;
        for (let i = 0; i < burst + extra; i++) state = takeToken(state, now, cfg).next;
        const r = takeToken(state, now, cfg);
        if (r.allowed) return;
        expect(r.retryAfterSeconds).toBeGreaterThanOrEqual(1);
        now += r.retryAfterSeconds * 1000;
        expect(takeToken(r.next, now, cfg).allowed).toBe(true);
      }),
    );
  });

  it('sustains about perMinute requests a minute', () => {
    let state: BucketState | null = null;
    let allowed = 0;
    for (let t = 0; t < 10 * 60_000; t += 250) {
      const r = takeToken(state, t, config);
      state = r.next;
      if (r.allowed) allowed++;
    }
    // 60 burst + 60/min for 10 minutes.
    expect(allowed).toBeGreaterThanOrEqual(655);
    expect(allowed).toBeLessThanOrEqual(661);
  });
});
