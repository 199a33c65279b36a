// Order creation in atomic phases (see docs/architecture.md): claim the key, charge with a remembered
// intent, write the order, complete the key. Every store write is conditional on the version it
// read, so concurrent requests with one key can never both charge.
import { decideOnKey, providerIdempotencyKey, retryAfterSeconds, withTtl, type KeyRecord } from './idempotency.js';
import type { ChargeOutcome, Payments } from '../ports/payments.js';
import type { IdempotencyStore } from '../ports/idempotency-store.js';
import type { OrderStore } from '../ports/order-store.js';
import type { OrderRecord } from './order.js';
import type { Partner } from './partner.js';
import type { OrderPricing } from './new-order.js';

export type CreateOrderResult =
  | { ok: true; status: 201; body: string }
  | { ok: false; code: CreateOrderErrorCode; details?: Record<string, unknown>; retryAfterSeconds?: number };

export type CreateOrderErrorCode =
  | 'no_payment_method'
  | 'payment_failed'
  | 'idempotency_in_progress'
  | 'idempotency_conflict'
  | 'payment_in_flight'
  | 'internal_error'
  | 'payment_provider_error'
  | 'payment_pending'
  /** The order could not be written (marshalling, item size): found before the key or a charge. */
  | 'not_storable';

export interface CreateOrderDeps {
  keys: IdempotencyStore;
  payments: Payments;
  orders: OrderStore;
  now: () => Date;
  newOrderId: (now: Date) => string;
  /** Schedules placement once the order exists; a failure is left to the placement sweep. */
  schedulePlacement: (order: OrderRecord) => Promise<void>;
  /** Called when something failed after money may have moved: operators watch this. */
  alert: (event: string, ids: Record<string, string>) => void;
  leaseMs: number;
  retryLockMs: number;
  keyTtlHours: number;
  /**
   * Settles a record whose 24 hours are over but which still holds money (refund or cancel), so
   * the key can count as new: 'settled' when it no longer holds any.
   */
  settleExpired: (record: KeyRecord) => Promise<'settled' | 'open' | 'busy' | 'failed'>;
}

export interface CreateOrderInput {
  partner: Partner;
  idempotencyKey: string;
  requestHash: string;
  /** What this request would charge at today's prices and fees (a retry of an attempt uses the attempt's own). */
  pricing: OrderPricing;
  /** Builds the order once the charge succeeded; the id is the key's pre-allocated one. */
  buildOrder: (orderId: string, createdAt: Date, intentId: string, pricing: OrderPricing) => OrderRecord;
  /** The key record as read just before (by priorAttempt), saving the first read. */
  keyRead?: KeyRecord | null;
  /** Encodes the stored response (the public Order). */
  encode: (order: OrderRecord) => string;
}

class LostRace extends Error {}

const keyRecordId = (partnerId: string, idempotencyKey: string) => `${partnerId}#${idempotencyKey}`;

export type PriorAttempt =
  | { kind: 'replay'; body: string }
  /** A charge was sent for this key and body (its outcome known or not): the rules already passed. */
  | { kind: 'money_moved'; pricing: OrderPricing; record: KeyRecord }
  | { kind: 'none'; record: KeyRecord | null };

/**
 * What an earlier request with this key and body left, read before the business rules run. A
 * retry of a success replays it, and a retry after money may have moved (a charge in flight,
 * pending, or taken with the order not yet written) goes on from that charge, even if the
 * catalogue, a restricted state or a draw site changed since: a 400 there would tell the partner
 * a new key is safe, and the new key would charge again.
 */
export async function priorAttempt(
  deps: Pick<CreateOrderDeps, 'keys' | 'now' | 'keyTtlHours'>,
  partnerId: string,
  idempotencyKey: string,
  requestHash: string,
): Promise<PriorAttempt> {
  const record = await deps.keys.get(keyRecordId(partnerId, idempotencyKey));
  const decision = decideOnKey(record, requestHash, deps.now().getTime(), deps.keyTtlHours * 3600_000);
  if (decision.kind === 'replay') return { kind: 'replay', body: decision.data };
  // A key past its 24 hours counts as new once settled: this request is priced and checked afresh.
  if (decision.kind === 'settle_first') return { kind: 'none', record };
  const moneyMoved = record?.phase === 'charging' || record?.phase === 'pending' || record?.phase === 'charged';
  if (decision.kind !== 'claim' && record?.validation === requestHash && moneyMoved && record.charge)
    return { kind: 'money_moved', pricing: record.charge.pricing, record };
  return { kind: 'none', record };
}

/** A provider intent id of Stripe's length, so the storability probe measures a real order. */
const PROBE_INTENT_ID = `pi_${'0'.repeat(24)}`;

export async function createOrder(deps: CreateOrderDeps, input: CreateOrderInput): Promise<CreateOrderResult> {
  // Money must never be taken for an order that cannot be written: the order is built and
  // checked before the key is claimed or anything charged.
  const probe = input.buildOrder(deps.newOrderId(deps.now()), deps.now(), PROBE_INTENT_ID, input.pricing);
  const problem = deps.orders.storageProblem(probe);
  if (problem) return { ok: false, code: 'not_storable', details: { reason: problem } };
  const id = keyRecordId(input.partner.id, input.idempotencyKey);
  const keyLifeMs = deps.keyTtlHours * 3600_000;
  let record: KeyRecord | null = null;
  for (let tries = 0; tries < 3 && !record; tries++) {
    const nowMs = deps.now().getTime();
    // The first try uses the read the caller just made (priorAttempt); a stale one only fails the
    // conditional write below, and the next try reads afresh.
    const stored = tries === 0 && input.keyRead !== undefined ? input.keyRead : await deps.keys.get(id);
    const decision = decideOnKey(stored, input.requestHash, nowMs, keyLifeMs);
    if (decision.kind === 'settle_first') {
      const settled = await deps.settleExpired(decision.record).catch(() => 'failed' as const);
      if (settled === 'settled') continue;
      if (settled === 'busy') return { ok: false, code: 'idempotency_in_progress', retryAfterSeconds: 1 };
      return { ok: false, code: 'payment_provider_error' };
    }
    if (decision.kind === 'reject')
      return {
        ok: false,
        code: decision.code,
        ...(decision.retryAtMs ? { retryAfterSeconds: retryAfterSeconds(decision.retryAtMs, nowMs) } : {}),
      };
    if (decision.kind === 'replay') return { ok: true, status: 201, body: decision.data };
    const next: KeyRecord =
      decision.kind === 'claim'
        ? {
            id,
            status: 'INPROGRESS',
            in_progress_expiration: nowMs + deps.leaseMs,
            validation: input.requestHash,
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
            validation: input.requestHash,
            in_progress_expiration: nowMs + deps.leaseMs,
            lockedUntilMs: null,
            version: decision.record.version + 1,
          };
    const expected = decision.kind === 'claim' ? decision.expectedVersion : decision.record.version;
    if (await deps.keys.put(withTtl(next, keyLifeMs), expected)) record = next;
  }
  if (!record) return { ok: false, code: 'idempotency_in_progress', retryAfterSeconds: 1 };

  let current: KeyRecord = record;
  const save = async (patch: Partial<KeyRecord>) => {
    const next = withTtl({ ...current, ...patch, version: current.version + 1 }, keyLifeMs);
    if (!(await deps.keys.put(next, current.version))) throw new LostRace();
    current = next;
  };
  const release = { in_progress_expiration: 0 };

  try {
    if (current.phase !== 'charged') {
      let outcome: ChargeOutcome;
      if (current.phase === 'pending' && current.intentId) {
        outcome = await deps.payments.retrieve(current.intentId);
      } else {
        // A replay of an attempt whose outcome is unknown sends that attempt's own request.
        const replaying = current.phase === 'charging' && current.charge;
        const charge = replaying
          ? current.charge
          : input.partner.paymentMethod
            ? {
                pricing: input.pricing,
                paymentMethod: input.partner.paymentMethod,
                customerId: input.partner.stripeCustomerId,
              }
            : null;
        if (!charge) {
          await save({ phase: 'released', ...release });
          return { ok: false, code: 'no_payment_method' };
        }
        // Remember that a charge is in flight BEFORE sending it: a retry then replays this attempt.
        await save({ phase: 'charging', charge });
        outcome = await deps.payments.charge({
          partnerId: input.partner.id,
          paymentMethod: charge.paymentMethod,
          customerId: charge.customerId,
          amountCents: charge.pricing.totalCents,
          currency: 'usd',
          idempotencyKey: providerIdempotencyKey(input.partner.id, input.idempotencyKey, current),
          description: `Lab order ${current.orderId}`,
          // Ids only: they let the sweep and Stripe's events find this attempt's key and order.
          metadata: { orderId: current.orderId, partnerId: input.partner.id, idempotencyKey: input.idempotencyKey },
        });
      }
      switch (outcome.kind) {
        case 'succeeded':
          // The order is created now, whenever the key was first used (a decline or a pending
          // intent can come first): its cancel window and placement hold start here.
          await save({ phase: 'charged', intentId: outcome.intentId, chargedAtMs: deps.now().getTime() });
          break;
        case 'pending':
          await save({ phase: 'pending', intentId: outcome.intentId, ...release });
          return { ok: false, code: 'payment_pending', details: { status: outcome.status } };
        case 'declined':
          await save({ phase: 'released', attempt: current.attempt + 1, intentId: null, ...release });
          return { ok: false, code: 'payment_failed', details: { declineCode: outcome.declineCode } };
        case 'failed':
          await save({ phase: 'released', attempt: current.attempt + 1, intentId: null, ...release });
          return { ok: false, code: 'payment_failed', details: { status: outcome.status } };
        case 'provider_error':
          // Outcome unknown: keep the phase (charging, or pending), so the retry replays or re-checks.
          await save({ ...release });
          return { ok: false, code: 'payment_provider_error' };
      }
    }
    // A retry after a 500 rebuilds the identical order from the record: same id, same time.
    const createdAt = new Date(current.chargedAtMs ?? current.firstUsedAtMs);
    const order = await deps.orders.create(
      input.buildOrder(
        current.orderId,
        createdAt,
        current.intentId as string,
        current.charge?.pricing ?? input.pricing,
      ),
    );
    await deps.schedulePlacement(order).catch(() => undefined);
    const body = input.encode(order);
    await save({ status: 'COMPLETED', data: body, ...release });
    return { ok: true, status: 201, body };
  } catch (err) {
    if (err instanceof LostRace) return { ok: false, code: 'idempotency_in_progress', retryAfterSeconds: 1 };
    if (current.phase === 'charged')
      deps.alert('order_write_failed_after_charge', { orderId: current.orderId, partnerId: input.partner.id });
    // Keep the key in progress and lock it for a few minutes; the retry after that finishes the
    // order from the remembered intent (never a second charge).
    const nowMs = deps.now().getTime();
    let retryAtMs = current.in_progress_expiration;
    try {
      await save({ lockedUntilMs: nowMs + deps.retryLockMs, ...release });
      retryAtMs = nowMs + deps.retryLockMs;
    } catch {
      // The store itself is failing: the lease still protects the key until it runs out.
    }
    return { ok: false, code: 'internal_error', retryAfterSeconds: retryAfterSeconds(retryAtMs, nowMs) };
  }
}
