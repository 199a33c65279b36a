import { describe, expect, it } from 'vitest';
import {
  decideOnKey,
  providerIdempotencyKey,
  retryAfterSeconds,
  withTtl,
  type KeyRecord,
} from '../../shared/domain/idempotency.js';

const base: KeyRecord = {
  id: 'ptr_1#k',
  status: 'INPROGRESS',
  expiration: 1000 + 86_400,
  in_progress_expiration: 0,
  validation: 'h1',
  firstUsedAtMs: 1_000_000,
  phase: 'claimed',
  attempt: 1,
  intentId: null,
  orderId: 'order_x',
  lockedUntilMs: null,
  version: 1,
};
const now = 2_000_000;

describe('decideOnKey', () => {
  it('claims an unused key', () =>
    expect(decideOnKey(null, 'h1', now)).toEqual({ kind: 'claim', expectedVersion: null }));
  it('treats a key past its 24 hours as never used', () => {
    const dayOld = now - 24 * 3600_000;
    expect(decideOnKey({ ...base, status: 'COMPLETED', firstUsedAtMs: dayOld }, 'h1', now)).toEqual({
      kind: 'claim',
      expectedVersion: 1,
    });
    expect(decideOnKey({ ...base, phase: 'released', firstUsedAtMs: dayOld }, 'h2', now).kind).toBe('claim');
  });
  it('a key past its 24 hours that still holds money is settled first', () => {
    const dayOld = now - 24 * 3600_000;
    for (const phase of ['charging', 'pending', 'charged'] as const)
      expect(decideOnKey({ ...base, phase, firstUsedAtMs: dayOld }, 'h1', now).kind).toBe('settle_first');
    expect(decideOnKey({ ...base, phase: 'charged', firstUsedAtMs: dayOld + 1 }, 'h1', now).kind).toBe('resume');
  });
  it('keeps no TTL on a record holding unsettled money, and first use + 24 h on any other', () => {
    for (const phase of ['charging', 'pending', 'charged'] as const)
      expect(withTtl({ ...base, phase, expiration: 5 })).not.toHaveProperty('expiration');
    for (const r of [
      { ...base },
      { ...base, phase: 'settled' as const },
      { ...base, status: 'COMPLETED' as const, phase: 'charged' as const },
    ])
      expect(withTtl(r).expiration).toBe((base.firstUsedAtMs + 24 * 3600_000) / 1000);
  });
  it('replays a completed key with the same body', () => {
    expect(decideOnKey({ ...base, status: 'COMPLETED', data: '{"id":"order_x"}' }, 'h1', now)).toEqual({
      kind: 'replay',
      data: '{"id":"order_x"}',
    });
  });
  it('refuses a different body: conflict', () => {
    expect(decideOnKey({ ...base, status: 'COMPLETED' }, 'h2', now)).toEqual({
      kind: 'reject',
      code: 'idempotency_conflict',
    });
    expect(decideOnKey({ ...base }, 'h2', now)).toEqual({ kind: 'reject', code: 'idempotency_conflict' });
  });
  it('lets a released key (after a decline) be used with another body', () => {
    expect(decideOnKey({ ...base, phase: 'released' }, 'h2', now).kind).toBe('resume');
  });
  it('in progress while another request holds the lease; payment_in_flight while its charge is out', () => {
    expect(decideOnKey({ ...base, in_progress_expiration: now + 1 }, 'h1', now)).toEqual({
      kind: 'reject',
      code: 'idempotency_in_progress',
      retryAtMs: now + 1,
    });
    expect(decideOnKey({ ...base, phase: 'charging', in_progress_expiration: now + 1 }, 'h1', now)).toEqual({
      kind: 'reject',
      code: 'payment_in_flight',
      retryAtMs: now + 1,
    });
  });
  it('holds the 500 retry lock, then resumes', () => {
    expect(decideOnKey({ ...base, phase: 'charged', lockedUntilMs: now + 1 }, 'h1', now)).toEqual({
      kind: 'reject',
      code: 'idempotency_in_progress',
      retryAtMs: now + 1,
    });
    expect(decideOnKey({ ...base, phase: 'charged', lockedUntilMs: now }, 'h1', now).kind).toBe('resume');
  });
});

describe('retryAfterSeconds', () => {
  it('is whole seconds to the lock end, rounded up, and at least 1', () => {
    expect(retryAfterSeconds(now + 1, now)).toBe(1);
    expect(retryAfterSeconds(now + 1000, now)).toBe(1);
    expect(retryAfterSeconds(now + 1001, now)).toBe(2);
    expect(retryAfterSeconds(now + 300_000, now)).toBe(300);
    expect(retryAfterSeconds(now - 5000, now)).toBe(1);
  });
});

describe('providerIdempotencyKey', () => {
  it('is the same for a retry of one attempt and new for the next attempt or a new key life', () => {
    const a = providerIdempotencyKey('ptr_1', 'k', base);
    expect(providerIdempotencyKey('ptr_1', 'k', { ...base })).toBe(a);
    expect(providerIdempotencyKey('ptr_1', 'k', { ...base, attempt: 2 })).not.toBe(a);
    expect(providerIdempotencyKey('ptr_1', 'k', { ...base, firstUsedAtMs: 5 })).not.toBe(a);
    expect(providerIdempotencyKey('ptr_2', 'k', base)).not.toBe(a);
  });
});
