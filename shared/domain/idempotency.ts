// The Idempotency-Key protocol of POST /orders as pure decisions. The record format is the
// Powertools idempotency record (id, status, expiration, in_progress_expiration, data,
// validation) plus the payment phase that Powertools cannot express.
import type { OrderPricing } from './new-order.js';

export type KeyPhase =
  | 'claimed' // key taken, nothing charged yet
  | 'charging' // a charge request was sent; its outcome may be unknown
  | 'pending' // the intent is live (processing, requires_action...)
  | 'charged' // money taken; the order must now be written exactly once
  | 'released'; // a definitive decline (402): the key may be used again, with a fresh charge attempt

export interface KeyRecord {
  id: string;
  status: 'INPROGRESS' | 'COMPLETED';
  /** Seconds since epoch: first use + 24 h. Also the table's TTL attribute. */
  expiration: number;
  /** Milliseconds since epoch until which the request holding the record is working on it. */
  in_progress_expiration: number;
  /** Hash of the request body. */
  validation: string;
  /** The stored response of a completed request (JSON). */
  data?: string;
  firstUsedAtMs: number;
  /** When the charge succeeded: the order's creation time. Absent on records written before it existed. */
  chargedAtMs?: number;
  /**
   * The current attempt's charge as sent: a replay of an unknown outcome must send the provider
   * the very same request (Stripe refuses a reused key with other parameters), and the order must
   * record what was charged, whatever changed in prices, fees or payment method since.
   */
  charge?: { pricing: OrderPricing; paymentMethod: string; customerId: string | null };
  phase: KeyPhase;
  /** Charge attempt number: a new one after every definitive decline. */
  attempt: number;
  intentId: string | null;
  /** Pre-allocated so every retry writes the same order. */
  orderId: string;
  /** After a 500: retries before this time get 409 idempotency_in_progress. */
  lockedUntilMs: number | null;
  /** Optimistic concurrency: every write is conditional on the version it read. */
  version: number;
}

export type KeyDecision =
  | { kind: 'claim'; expectedVersion: number | null }
  | { kind: 'replay'; data: string }
  | {
      kind: 'reject';
      code: 'idempotency_conflict' | 'idempotency_in_progress' | 'payment_in_flight';
      /** When the lock or lease that refused this request ends (absent for a conflict). */
      retryAtMs?: number;
    }
  | { kind: 'resume'; record: KeyRecord };

export function decideOnKey(record: KeyRecord | null, requestHash: string, nowMs: number): KeyDecision {
  // A key older than 24 hours is treated as never used.
  if (!record || record.expiration * 1000 <= nowMs)
    return { kind: 'claim', expectedVersion: record ? record.version : null };
  if (record.status === 'COMPLETED') {
    return record.validation === requestHash
      ? { kind: 'replay', data: record.data ?? '{}' }
      : { kind: 'reject', code: 'idempotency_conflict' };
  }
  if (record.validation !== requestHash && record.phase !== 'released')
    return { kind: 'reject', code: 'idempotency_conflict' };
  if (record.in_progress_expiration > nowMs) {
    return {
      kind: 'reject',
      code: record.phase === 'charging' ? 'payment_in_flight' : 'idempotency_in_progress',
      retryAtMs: Math.max(record.in_progress_expiration, record.lockedUntilMs ?? 0),
    };
  }
  if (record.lockedUntilMs !== null && record.lockedUntilMs > nowMs)
    return { kind: 'reject', code: 'idempotency_in_progress', retryAtMs: record.lockedUntilMs };
  return { kind: 'resume', record };
}

/**
 * The provider idempotency key of one charge attempt. The same attempt always sends the same
 * key, so a retry of an unknown outcome replays it instead of charging again; a new attempt
 * after a decline gets a new key. The first-use time keeps a key re-used after its 24 hours from
 * colliding with its earlier life.
 */
export function providerIdempotencyKey(
  partnerId: string,
  idempotencyKey: string,
  record: Pick<KeyRecord, 'firstUsedAtMs' | 'attempt'>,
): string {
  return `order:${partnerId}:${idempotencyKey}:${record.firstUsedAtMs}:${record.attempt}`;
}

/** Whole seconds until `retryAtMs`, at least 1: the Retry-After of a refused or failed attempt. */
export function retryAfterSeconds(retryAtMs: number, nowMs: number): number {
  return Math.max(1, Math.ceil((retryAtMs - nowMs) / 1000));
}

export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_.-]{1,100}$/;
