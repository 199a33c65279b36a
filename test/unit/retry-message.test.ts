import { describe, expect, it } from 'vitest';
import { decideRetry, delaySeconds, parseRetryMessage } from '../../shared/domain/webhooks/retry-message.js';
import type { DeliveryRecord } from '../../shared/domain/webhooks/delivery.js';

const now = new Date('2026-01-01T12:00:00Z');
const record = (over: Partial<DeliveryRecord>) =>
  ({ id: 'd1', status: 'pending', nextAttemptAt: '2026-01-01T12:00:00.000Z', ...over }) as DeliveryRecord;
const msg = (dueAt: string) => ({ deliveryId: 'd1', dueAt });

describe('webhook retry messages', () => {
  it('wait at most 15 minutes (SQS DelaySeconds), never a negative time', () => {
    expect(delaySeconds('2026-01-01T12:01:00.000Z', now)).toBe(60);
    expect(delaySeconds('2026-01-01T14:00:00.000Z', now)).toBe(900);
    expect(delaySeconds('2026-01-01T11:00:00.000Z', now)).toBe(0);
  });

  it('attempt a due delivery, hop an early message for the current due time, drop stale ones', () => {
    expect(decideRetry(msg('2026-01-01T12:00:00.000Z'), record({}), now)).toEqual({ kind: 'attempt' });
    const later = '2026-01-01T14:00:00.000Z';
    expect(decideRetry(msg(later), record({ nextAttemptAt: later }), now)).toEqual({
      kind: 'hop',
      message: msg(later),
    });
    // A message for an attempt that already happened (the delivery has moved on to a later due time).
    expect(decideRetry(msg('2026-01-01T11:59:00.000Z'), record({ nextAttemptAt: later }), now)).toEqual({
      kind: 'drop',
    });
    expect(decideRetry(msg(later), record({ status: 'succeeded', nextAttemptAt: null }), now)).toEqual({
      kind: 'drop',
    });
    expect(decideRetry(msg(later), null, now)).toEqual({ kind: 'drop' });
  });

  it('refuse a body that is not a retry message (so it ends in the dead-letter queue)', () => {
    expect(() => parseRetryMessage('{"not":"a retry"}')).toThrow();
    expect(() => parseRetryMessage('nope')).toThrow();
    expect(parseRetryMessage('{"deliveryId":"d1","dueAt":"2026-01-01T12:00:00.000Z"}')).toEqual(
      msg('2026-01-01T12:00:00.000Z'),
    );
  });
});
