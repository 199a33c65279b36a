import { describe, expect, it } from 'vitest';
import { mustRecordBeforeAnswering, recordAccess } from '../../shared/app/record-access.js';
import { MemoryAuditLog } from '../support/fakes.js';

const now = new Date('2026-03-01T12:00:00Z');
const principal = { type: 'partner' as const, partnerId: 'ptr_1', keyId: 'key_1' };

function deps(audit = new MemoryAuditLog()) {
  const alerts: Array<[string, Record<string, string>]> = [];
  let n = 0;
  return {
    audit,
    alerts,
    deps: {
      audit,
      now: () => now,
      newId: () => `aud_${++n}`,
      alert: (e: string, ids: Record<string, string>) => void alerts.push([e, ids]),
    },
  };
}

describe('recording access', () => {
  it('writes one record per target, at the service time, with the principal and outcome', async () => {
    const { audit, deps: d } = deps();
    const ok = await recordAccess(d, {
      action: 'order.list',
      principal,
      outcome: 'success',
      requestId: 'req-1',
      targets: [
        { orderId: 'order_a', partnerId: 'ptr_1' },
        { orderId: 'order_b', partnerId: 'ptr_1' },
      ],
    });
    expect(ok).toBe(true);
    expect(audit.records).toEqual([
      {
        id: 'aud_1',
        at: now.toISOString(),
        action: 'order.list',
        outcome: 'success',
        principal,
        orderId: 'order_a',
        partnerId: 'ptr_1',
        subjectId: null,
        requestId: 'req-1',
      },
      {
        id: 'aud_2',
        at: now.toISOString(),
        action: 'order.list',
        outcome: 'success',
        principal,
        orderId: 'order_b',
        partnerId: 'ptr_1',
        subjectId: null,
        requestId: 'req-1',
      },
    ]);
    expect((await audit.list({ orderId: 'order_b' }, { limit: 10, startKey: null })).records).toHaveLength(1);
  });

  it('writes nothing for no targets (an empty list page)', async () => {
    const { audit, deps: d } = deps();
    expect(
      await recordAccess(d, { action: 'order.list', principal, outcome: 'success', requestId: null, targets: [] }),
    ).toBe(true);
    expect(audit.records).toEqual([]);
  });

  it('a store failure alerts (ids only) and reports false; successful reads must then be withheld', async () => {
    const failing = new MemoryAuditLog();
    failing.append = async () => {
      throw new Error('store down');
    };
    const { alerts, deps: d } = deps(failing);
    const ok = await recordAccess(d, {
      action: 'order.read',
      principal,
      outcome: 'success',
      requestId: null,
      targets: [{ orderId: 'order_a' }],
    });
    expect(ok).toBe(false);
    expect(alerts).toEqual([['audit_write_failed', { action: 'order.read', errorName: 'Error' }]]);
    expect(mustRecordBeforeAnswering('order.read', 'success')).toBe(true);
    expect(mustRecordBeforeAnswering('results.url_issued', 'success')).toBe(true);
    expect(mustRecordBeforeAnswering('order.read', 'not_found')).toBe(false);
    expect(mustRecordBeforeAnswering('order.cancelled', 'success')).toBe(false);
  });
});
