import type { KeyRecord } from '../domain/idempotency.js';

export interface IdempotencyStore {
  get(id: string): Promise<KeyRecord | null>;
  /**
   * Writes the record if the stored version is still `expectedVersion` (null: no record).
   * Returns false when another request changed it first.
   */
  put(record: KeyRecord, expectedVersion: number | null): Promise<boolean>;
  /** Records holding money not yet settled (movedMoney), oldest first use first: the settlement sweep's work. */
  unsettled(limit: number): Promise<KeyRecord[]>;
}
