import { IdempotencyRecordStatus, PERSISTENCE_ATTRIBUTE_KEY_MAPPINGS } from '@aws-lambda-powertools/idempotency';
import { describe, expect, it } from 'vitest';
import type { KeyRecord } from '../../shared/domain/idempotency.js';
import { idempotencyKeys } from '../../shared/adapters/dynamodb/keys/idempotency-table.js';

// Our Idempotency-Key records keep Powertools' idempotency record format (the table, its key and
// attributes), so the table stays readable by Powertools' own tools. Held here, at test time, rather
// than by a check in the store module that every order function would load at its cold start.
describe('the Idempotency-Key record format', () => {
  it("is Powertools' idempotency record: its attribute names, statuses and partition key", () => {
    const record: KeyRecord = {
      id: 'ptr_1#key-1',
      status: 'INPROGRESS',
      expiration: 1,
      in_progress_expiration: 2,
      validation: 'hash',
      data: '{}',
      firstUsedAtMs: 0,
      phase: 'claimed',
      attempt: 1,
      intentId: null,
      orderId: 'order_1',
      lockedUntilMs: 0,
      version: 0,
    };
    const m = PERSISTENCE_ATTRIBUTE_KEY_MAPPINGS;
    for (const attr of [m.statusAttr, m.expiryAttr, m.inProgressExpiryAttr, m.dataAttr, m.validationKeyAttr])
      expect(Object.keys(record)).toContain(attr);
    const statuses: Array<KeyRecord['status']> = [
      IdempotencyRecordStatus.INPROGRESS,
      IdempotencyRecordStatus.COMPLETED,
    ];
    expect(statuses).toEqual(['INPROGRESS', 'COMPLETED']);
    expect(Object.keys(idempotencyKeys.record(record.id))).toEqual(['id']);
  });
});
