// The Idempotency-Key protocol of POST /orders as pure decisions. The record format is the
// Powertools idempotency record (id, status, expiration, in_progress_expiration, data,
// validation) plus the payment phase that Powertools cannot express.
import type { OrderPricing } from './new-order.js';

export type KeyPhase =
  | 'claimed' // key taken, nothing charged yet
  | 'charging' // a charge request was sent; its outcome may be unknown
  | 'pending' // the intent is live (processing, requires_action...)
  | 'charged' // money taken; the order must now be written exactly once
  | 'released' // a definitive decline (402): the key may be used again, with a fresh charge attempt
  | 'settled'; // no order was written in the key's 24 hours: the charge was refunded, or the intent cancelled

export interface KeyRecord {
  id: string;
  status: 'INPROGRESS' | 'COMPLETED';
  /**
   * The table's TTL attribute (seconds since epoch): absent while the record holds money not yet
   * settled (see movedMoney), so the store never forgets a charge. The 24-hour rule itself reads
   * firstUsedAtMs, never this.
   */
  expiration?: number;
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
  /** The refund that settled a charge no order came for (phase settled). */
  refundId?: string | null;
  /** Optimistic concurrency: every write is conditional on the version it read. */
  version: number;
}

export const KEY_LIFE_MS = 24 * 3600_000;

/**
 * A record that moved money and has not ended in an order or a settlement: a charge out with its
 * outcome unknown, a live intent, or a charge taken with the order not written.
 */
export function movedMoney(r: Pick<KeyRecord, 'status' | 'phase'>): boolean {
  return r.status === 'INPROGRESS' && (r.phase === 'charging' || r.phase === 'pending' || r.phase === 'charged');
}

/** The key's 24 hours are over: it is treated as never used (after any money it moved is settled). */
export function keyExpired(r: Pick<KeyRecord, 'firstUsedAtMs'>, nowMs: number, keyLifeMs = KEY_LIFE_MS): boolean {
  return r.firstUsedAtMs + keyLifeMs <= nowMs;
}

/** The record with its TTL: first use + the key's life once settled, none while money is unsettled. */
export function withTtl(r: KeyRecord, keyLifeMs = KEY_LIFE_MS): KeyRecord {
  const { expiration, ...rest } = r;
  void expiration;
  return movedMoney(r) ? rest : { ...rest, expiration: Math.floor((r.firstUsedAtMs + keyLifeMs) / 1000) };
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
  | { kind: 'resume'; record: KeyRecord }
  /** The key's 24 hours are over but its record still holds money: settle it, then claim afresh. */
  | { kind: 'settle_first'; record: KeyRecord };

export function decideOnKey(
  record: KeyRecord | null,
  requestHash: string,
  nowMs: number,
  keyLifeMs = KEY_LIFE_MS,
): KeyDecision {
  // A key older than 24 hours is treated as never used, once what it charged is settled.
  if (record && keyExpired(record, nowMs, keyLifeMs) && movedMoney(record)) return { kind: 'settle_first', record };
  if (!record || keyExpired(record, nowMs, keyLifeMs))
    return { kind: 'claim', expectedVersion: record ? record.version : null };
  if (record.status === 'COMPLETED') {
    return record.validation === requestHash
      ? { kind: 'replay', data: record.data ?? '{}' }
      : { kind: 'reject', code: 'idempotency_conflict' };
  }
  if (record.validation !== requestHash && record.phase !== 'released' && record.phase !== 'settled')
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
