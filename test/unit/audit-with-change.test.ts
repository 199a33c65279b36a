import { describe, expect, it } from 'vitest';
import { audited, type AuditDeps } from '../../shared/http/audit.js';
import { json, type HttpEvent } from '../../shared/http/respond.js';
import { MemoryAuditLog } from '../support/fakes.js';
import type { AuditRecord } from '../../shared/ports/audit-log.js';

const principal = { type: 'partner' as const, partnerId: 'ptr_1', keyId: 'key_1' };
const event = {
  pathParameters: { id: 'order_01kbench0000000000000000' },
  requestContext: { requestId: 'req-1' },
} as unknown as HttpEvent;

function setup() {
  const log = new MemoryAuditLog();
  let n = 0;
  const deps: AuditDeps = {
    record: { audit: log, now: () => new Date('2026-11-25T10:00:00Z'), newId: () => `aud_${++n}`, alert: () => {} },
    ownerOf: async () => null,
  };
  return { log, deps };
}

const spec = { action: 'order.cancelled' as const, pathId: 'orderId' as const };

describe('an audit record written with the change it records', () => {
  it('is the one record of a success: the edge, told it was written, writes none of its own', async () => {
    const { log, deps } = setup();
    const withChange: AuditRecord[] = [];
    await audited(deps, spec, principal, { partnerId: 'ptr_1' }, event, async (note) => {
      const audit = note.withChange();
      const records = audit.records({ orderId: 'order_01kbench0000000000000000' });
      withChange.push(...records); // what the change's transaction wrote
      audit.written();
      return json(200, { ok: true });
    });
    expect(log.records).toEqual([]);
    expect(withChange).toEqual([
      {
        id: 'aud_1',
        at: '2026-11-25T10:00:00.000Z',
        action: 'order.cancelled',
        outcome: 'success',
        principal,
        orderId: 'order_01kbench0000000000000000',
        partnerId: 'ptr_1',
        subjectId: null,
        requestId: 'req-1',
      },
    ]);
  });

  it('is written by the edge as before when the change did not happen, with the outcome the request had', async () => {
    const { log, deps } = setup();
    await audited(deps, spec, principal, { partnerId: 'ptr_1' }, event, async (note) => {
      note.withChange().records({ orderId: 'order_01kbench0000000000000000' }); // asked, never written
      return json(409, { error: { code: 'not_cancellable' } });
    });
    expect(log.records.map((r) => [r.action, r.outcome, r.orderId])).toEqual([
      ['order.cancelled', 'rejected', 'order_01kbench0000000000000000'],
    ]);
  });

  it('leaves the edge to record a failure after the change, beside the success already on record', async () => {
    const { log, deps } = setup();
    await expect(
      audited(deps, spec, principal, { partnerId: 'ptr_1' }, event, async (note) => {
        const audit = note.withChange();
        audit.records({ orderId: 'order_01kbench0000000000000000' });
        audit.written();
        throw new Error('refund path failed');
      }),
    ).rejects.toThrow('refund path failed');
    expect(log.records.map((r) => [r.action, r.outcome])).toEqual([['order.cancelled', 'error']]);
  });
});
