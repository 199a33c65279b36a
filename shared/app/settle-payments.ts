// Settlement of every Idempotency-Key that moved money. A charge whose answer was lost, an intent
// still pending, or a charge whose order was never written must end as an order (the partner's
// same-key retry) or as a full refund: never forgotten when the key's 24 hours end. This never
// creates an order itself: the partner was told to retry with the same key, and only that retry
// has the order's body.
import { keyExpired, movedMoney, withTtl, type KeyRecord } from '../domain/idempotency.js';
import type { IdempotencyStore } from '../ports/idempotency-store.js';
import type { ChargeOutcome, Payments } from '../ports/payments.js';

export interface SettleDeps {
  keys: IdempotencyStore;
  payments: Payments;
  now: () => Date;
  /** Operator alerts (ids only); the alert path counts the settlement metrics. */
  alert: (event: string, ids: Record<string, string>) => void;
  /** How long the sweep holds a record while it asks Stripe. */
  leaseMs: number;
  keyLifeMs: number;
}

/**
 * settled: the record holds no unsettled money any more (an order will not come: refunded,
 * cancelled, declined, or never charged). open: the truth is recorded and the partner's retry
 * can still finish the order. busy: a request holds the record. failed: Stripe could not answer
 * or refund; the next sweep tries again.
 */
export type SettleOutcome = 'settled' | 'open' | 'busy' | 'failed';

export const SETTLEMENT_ALERTS = {
  refunded: 'charge_settled_by_refund',
  failed: 'settlement_failed',
  pendingOverAnHour: 'payment_pending_over_an_hour',
} as const;

const ids = (r: KeyRecord, intentId?: string | null) => ({
  partnerId: r.id.slice(0, r.id.indexOf('#')),
  orderId: r.orderId,
  ...(intentId ? { paymentIntentId: intentId } : {}),
});

/** What Stripe says the record's charge became, as a patch on the record (null: nothing to learn). */
export function truthOf(r: KeyRecord, outcome: ChargeOutcome | null, nowMs: number): Partial<KeyRecord> | null {
  if (!outcome) return null;
  switch (outcome.kind) {
    case 'succeeded':
      return r.phase === 'charged' ? null : { phase: 'charged', intentId: outcome.intentId, chargedAtMs: nowMs };
    case 'pending':
      return { phase: 'pending', intentId: outcome.intentId };
    case 'declined':
    case 'failed':
      // No money was taken: the key is free for a fresh attempt, like after a 402.
      return { phase: 'released', attempt: r.attempt + 1, intentId: null };
    case 'provider_error':
      return null;
  }
}

/**
 * Asks Stripe what became of one record's charge and records it on the key; once the key's 24
 * hours are over with no order, refunds the charge (or cancels a still-live intent) and alerts.
 */
export async function settleKey(deps: SettleDeps, record: KeyRecord): Promise<SettleOutcome> {
  const nowMs = deps.now().getTime();
  if (!movedMoney(record)) return 'settled';
  if (record.in_progress_expiration > nowMs) return 'busy';
  // A charge already known to have succeeded waits for the partner's retry until the key's end.
  if (record.phase === 'charged' && !keyExpired(record, nowMs, deps.keyLifeMs)) return 'open';
  // A lease of our own: a partner retry meanwhile gets 409 and comes back, never a second charge.
  let current: KeyRecord = { ...record, in_progress_expiration: nowMs + deps.leaseMs, version: record.version + 1 };
  if (!(await deps.keys.put(withTtl(current, deps.keyLifeMs), record.version))) return 'busy';
  const save = async (patch: Partial<KeyRecord>) => {
    const next = withTtl({ ...current, ...patch, version: current.version + 1 }, deps.keyLifeMs);
    if (!(await deps.keys.put(next, current.version))) throw new Error('settlement lost its lease');
    current = next;
  };
  const release = { in_progress_expiration: 0 };
  const fail = async (what: string) => {
    deps.alert(SETTLEMENT_ALERTS.failed, { ...ids(current, current.intentId), step: what });
    await save(release).catch(() => undefined);
    return 'failed' as const;
  };

  let outcome: ChargeOutcome | null = null;
  try {
    // A charged record already knows its truth; the others ask (by the remembered id, or by the
    // order id every charge carries in its metadata when the answer was lost).
    if (current.phase !== 'charged')
      outcome = current.intentId
        ? await deps.payments.retrieve(current.intentId)
        : await deps.payments.find(current.orderId);
  } catch {
    return fail('lookup');
  }
  if (outcome?.kind === 'provider_error') return fail('lookup');
  const truth = truthOf(current, outcome, nowMs);
  const expired = keyExpired(current, nowMs, deps.keyLifeMs);
  // Money taken or possibly taken is recorded at once; a decline is left for the partner's retry
  // to learn (it answers 402 as the first request would have) until the key's 24 hours are over.
  if (truth && (expired || truth.phase !== 'released')) await save(truth);
  if (!movedMoney(current)) return save(release).then(() => 'settled');
  if (!expired) return save(release).then(() => 'open');

  // The key's 24 hours are over and no order was written: the money goes back.
  if (current.phase === 'pending' && current.intentId) {
    const cancelled = await deps.payments
      .cancel(current.intentId, `settle-cancel:${current.intentId}`)
      .catch((): ChargeOutcome => ({ kind: 'provider_error', message: 'cancel' }));
    if (cancelled.kind === 'provider_error' || cancelled.kind === 'pending') return fail('cancel');
    if (cancelled.kind !== 'succeeded') {
      await save({ phase: 'settled', refundId: null, ...release });
      return 'settled';
    }
    // It succeeded before the cancel landed: refunded below like any other charge.
    await save({ phase: 'charged', intentId: cancelled.intentId, chargedAtMs: nowMs });
  }
  if (current.phase === 'charging') {
    // Stripe has no intent for this attempt: nothing was taken.
    await save({ phase: 'settled', refundId: null, ...release });
    return 'settled';
  }
  const intentId = current.intentId as string;
  const refund = await deps.payments
    .refund(intentId, `settle:${intentId}`)
    .catch(() => ({ kind: 'failed' as const, message: 'refund' }));
  if (refund.kind !== 'issued') return fail('refund');
  await save({ phase: 'settled', refundId: refund.refundId, ...release });
  deps.alert(SETTLEMENT_ALERTS.refunded, ids(current, intentId));
  return 'settled';
}

const BATCH = 500;
const HOUR_MS = 3600_000;
/** A key first used this recently is left to its own requests: the sweep would only contend with their retries. */
const SETTLE_AFTER_MS = 5 * 60_000;

/** The reconciliation sweep: every unsettled record whose lease has ended. Returns how many it settled. */
export async function settlePayments(deps: SettleDeps): Promise<number> {
  const nowMs = deps.now().getTime();
  let settled = 0;
  for (const record of await deps.keys.unsettled(BATCH)) {
    if (record.in_progress_expiration > nowMs || nowMs - record.firstUsedAtMs < SETTLE_AFTER_MS) continue;
    if (record.phase === 'pending' && nowMs - record.firstUsedAtMs >= HOUR_MS)
      deps.alert(SETTLEMENT_ALERTS.pendingOverAnHour, ids(record, record.intentId));
    // One record's failure must not hold up the others; it stays unsettled for the next sweep.
    const outcome = await settleKey(deps, record).catch(() => 'failed' as const);
    if (outcome === 'settled') settled++;
  }
  return settled;
}
