// The Idempotency-Key record of one POST /orders request: claimed (or resumed) with the charge it
// is about to send already written into it, so one conditional write both takes the key and
// remembers the charge in flight. Every write is conditional on the version it read, so
// concurrent requests with one key can never both charge.
import { decideOnKey, retryAfterSeconds, withTtl, type KeyRecord } from '../domain/idempotency.js';
import type { IdempotencyStore } from '../ports/idempotency-store.js';
import type { Partner } from '../domain/partner.js';
import type { OrderPricing } from '../domain/new-order.js';

export type KeyRefusal = {
  kind: 'refused';
  code: 'idempotency_conflict' | 'idempotency_in_progress' | 'payment_in_flight' | 'payment_provider_error';
  retryAfterSeconds?: number;
};

export interface ClaimDeps {
  keys: IdempotencyStore;
  now: () => Date;
  newOrderId: (now: Date) => string;
  leaseMs: number;
  keyLifeMs: number;
  /** Settles a record past its 24 hours that still holds money; 'settled' when it no longer does. */
  settleExpired: (record: KeyRecord) => Promise<'settled' | 'open' | 'busy' | 'failed'>;
}

export interface ClaimRequest {
  keyId: string;
  requestHash: string;
  partner: Partner;
  /** What a new charge would send: today's pricing for this request. */
  pricing: OrderPricing;
  /** The record read just before (the replay check): the first try writes against it. */
  keyRead: KeyRecord | null;
}

/** The claimed record, in the phase the request goes on from, or why the key is refused. */
export type Claim = { kind: 'claimed'; record: KeyRecord } | { kind: 'replay'; body: string } | KeyRefusal;

/**
 * Claims the key, or resumes the attempt it holds. The record is written in the phase the request
 * goes on from: 'charging' with the charge to send (a replay of an unknown outcome sends that
 * attempt's own charge), 'pending' or 'charged' as they were, or 'released' when the partner has
 * no payment method (nothing to charge, the key free again).
 */
export async function claimKey(deps: ClaimDeps, req: ClaimRequest): Promise<Claim> {
  for (let tries = 0; tries < 3; tries++) {
    const nowMs = deps.now().getTime();
    // A stale first read only fails the conditional write below; the next try reads afresh.
    const stored = tries === 0 ? req.keyRead : await deps.keys.get(req.keyId);
    const decision = decideOnKey(stored, req.requestHash, nowMs, deps.keyLifeMs);
    if (decision.kind === 'settle_first') {
      const settled = await deps.settleExpired(decision.record).catch(() => 'failed' as const);
      if (settled === 'settled') continue;
      if (settled === 'busy') return { kind: 'refused', code: 'idempotency_in_progress', retryAfterSeconds: 1 };
      return { kind: 'refused', code: 'payment_provider_error' };
    }
    if (decision.kind === 'reject')
      return {
        kind: 'refused',
        code: decision.code,
        ...(decision.retryAtMs ? { retryAfterSeconds: retryAfterSeconds(decision.retryAtMs, nowMs) } : {}),
      };
    if (decision.kind === 'replay') return { kind: 'replay', body: decision.data };
    const taken: KeyRecord =
      decision.kind === 'claim'
        ? {
            id: req.keyId,
            status: 'INPROGRESS',
            in_progress_expiration: nowMs + deps.leaseMs,
            validation: req.requestHash,
            firstUsedAtMs: nowMs,
            phase: 'claimed',
            attempt: 1,
            intentId: null,
            orderId: deps.newOrderId(deps.now()),
            lockedUntilMs: null,
            version: (stored?.version ?? 0) + 1,
          }
        : {
            ...decision.record,
            // After a decline no order exists yet: a new attempt gets an id of its own time, so
            // an order created hours after the key's first use still lists in its place.
            ...(decision.record.phase === 'released' ? { orderId: deps.newOrderId(deps.now()) } : {}),
            validation: req.requestHash,
            in_progress_expiration: nowMs + deps.leaseMs,
            lockedUntilMs: null,
            version: decision.record.version + 1,
          };
    const next = withPlannedCharge(taken, req);
    const expected = decision.kind === 'claim' ? decision.expectedVersion : decision.record.version;
    if (await deps.keys.put(withTtl(next, deps.keyLifeMs), expected)) return { kind: 'claimed', record: next };
  }
  return { kind: 'refused', code: 'idempotency_in_progress', retryAfterSeconds: 1 };
}

/** The phase the taken record is written in: the charge is remembered BEFORE it is sent. */
function withPlannedCharge(record: KeyRecord, req: ClaimRequest): KeyRecord {
  if (record.phase === 'charged' || (record.phase === 'pending' && record.intentId)) return record;
  if (record.phase === 'charging' && record.charge) return record;
  const { paymentMethod, stripeCustomerId } = req.partner;
  if (!paymentMethod) return { ...record, phase: 'released', in_progress_expiration: 0 };
  return {
    ...record,
    phase: 'charging',
    charge: { pricing: req.pricing, paymentMethod, customerId: stripeCustomerId },
  };
}

/** Conditional writes of the held record's later phases; false when another request moved it first. */
export function keyWriter(keys: IdempotencyStore, first: KeyRecord, keyLifeMs: number) {
  let current = first;
  return {
    get current() {
      return current;
    },
    /** The record after `patch`, not yet written (for a write made with the order). */
    next: (patch: Partial<KeyRecord>) =>
      withTtl({ ...current, ...patch, version: current.version + 1 }, keyLifeMs) as KeyRecord,
    written(record: KeyRecord) {
      current = record;
    },
    async save(patch: Partial<KeyRecord>): Promise<boolean> {
      const next = withTtl({ ...current, ...patch, version: current.version + 1 }, keyLifeMs);
      if (!(await keys.put(next, current.version))) return false;
      current = next;
      return true;
    },
  };
}
