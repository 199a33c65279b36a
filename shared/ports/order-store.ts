import type { OrderRecord, OrderState } from '../domain/order.js';
import type { OutboxEvent } from '../domain/events.js';
import type { RecoveryKind } from '../domain/recovery-kind.js';
import type { KeyRecord } from '../domain/idempotency.js';
import type { AuditRecord } from './audit-log.js';

export interface OrderPage {
  orders: OrderRecord[];
  /** The store's position after this page, or null at the end. */
  nextKey: string | null;
}

export type NewOrderWrite = 'created' | 'key_changed' | { exists: OrderRecord };

export interface OrderStore {
  /** Why this order could not be written (marshalling, item size), or null: checked before any charge. */
  storageProblem(order: OrderRecord): string | null;
  /** Writes a new order; writing the same order id again is a no-op that returns the stored one. */
  create(order: OrderRecord): Promise<OrderRecord>;
  /**
   * Writes a new order and, in the same transaction, the Idempotency-Key record that completes its
   * request, conditional on the key still being at `keyVersion`. 'key_changed': another request
   * moved the key first, nothing written. `exists`: the order was already written (the key untouched).
   * `audit`: the request's audit records, written in the same transaction (see ChangeAudit).
   */
  createCompleting(
    order: OrderRecord,
    key: KeyRecord,
    keyVersion: number,
    audit?: readonly AuditRecord[],
  ): Promise<NewOrderWrite>;
  get(partnerId: string, orderId: string): Promise<OrderRecord | null>;
  /** One page of a partner's orders, newest first; optionally only those with an externalId. */
  list(partnerId: string, opts: { limit: number; startKey: string | null; externalId?: string }): Promise<OrderPage>;
  /**
   * Moves an order to a new state if it is still at `expectedVersion` and in one of `from`.
   * Events are written to the outbox, and `audit` records to the audit trail, in the same
   * transaction. Returns the updated order, or null when the guard failed (someone else moved it first).
   */
  transition(
    order: OrderRecord,
    from: readonly OrderState[],
    patch: Partial<OrderRecord>,
    events?: readonly OutboxEvent[],
    audit?: readonly AuditRecord[],
  ): Promise<OrderRecord | null>;
  /** Scheduled orders whose placement is due at or before `now` (the placement sweep). */
  duePlacements(now: Date, limit: number): Promise<OrderRecord[]>;
  /** Orders whose requisition was issued before `issuedBefore` and that have no results yet. */
  awaitingResults(issuedBefore: Date, limit: number): Promise<OrderRecord[]>;
  /** Orders needing `kind` of recovery (see recoveryKind) that were last updated at or before `updatedBefore`. */
  needsRecovery(kind: RecoveryKind, updatedBefore: Date, limit: number): Promise<OrderRecord[]>;
  /** Finds an order by id alone (operator and lab paths, which have no partner context). */
  findById(orderId: string): Promise<OrderRecord | null>;
}
