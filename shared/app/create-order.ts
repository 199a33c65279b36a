// POST /orders, the whole flow: the replay check, the business rules, the storability check, the
// key claim (with the charge it will send), the charge, then the order and the key's completion
// in one transaction (with the request's audit record), beside the placement schedule. Five store
// calls on the success path with the authorizer's one: the key read, the partner read, the claim,
// the order.
import { providerIdempotencyKey, retryAfterSeconds, decideOnKey, type KeyRecord } from '../domain/idempotency.js';
import { checkOrderRules, type OrderRuleError } from '../domain/order-rules.js';
import { newOrderRecord, priceNewOrder, type NewOrderInput, type OrderPricing } from '../domain/new-order.js';
import { toPublicOrder, type DrawSiteRef, type Guardian, type OrderRecord, type Patient } from '../domain/order.js';
import type { CatalogItem } from '../domain/catalog.js';
import type { ChargeOutcome, Payments } from '../ports/payments.js';
import type { OrderStore } from '../ports/order-store.js';
import type { PartnerStore } from '../ports/partner-store.js';
import type { ChangeAudit } from '../ports/audit-log.js';
import { claimKey, keyWriter, type ClaimDeps, type KeyRefusal } from './order-key.js';

export interface CreateOrderConfig {
  placementDelayMinutes: number;
  cancelWindowMinutes: number;
  restrictedStates: readonly string[];
  minorAgeYears: number;
  /** After a 500, retries before this lock ends are refused (the key stays in progress). */
  retryLockMs: number;
}

export interface CreateOrderDeps extends ClaimDeps {
  partners: Pick<PartnerStore, 'get'>;
  payments: Payments;
  orders: OrderStore;
  catalog: () => Promise<Map<string, CatalogItem>>;
  sites: { find(id: string): DrawSiteRef | null };
  /** A failure is left to the placement sweep. */
  schedulePlacement: (order: OrderRecord) => Promise<void>;
  /** Something failed after money may have moved: operators watch this. */
  alert: (event: string, ids: Record<string, string>) => void;
  config: CreateOrderConfig;
}

/** The decoded request: what the partner asked for, its key, and the hash of its exact body. */
export interface CreateOrderCommand {
  partnerId: string;
  idempotencyKey: string;
  requestHash: string;
  itemIds: string[];
  externalId: string | null;
  patient: Patient;
  guardian: Guardian | null;
  preferredLocationId: string | null;
  metadata: Record<string, string>;
  /** The request's success record, written in the order's own transaction. */
  audit?: ChangeAudit;
}

type PaymentFailure = 'no_payment_method' | 'payment_failed' | 'payment_pending';
/** not_storable: the order could not be written (marshalling, item size), found before the key or a charge. */
export type CreateOrderFailure = KeyRefusal['code'] | PaymentFailure | 'internal_error' | 'not_storable';

export type CreateOrderOutcome =
  /** `body` is the stored public order: a replay answers exactly the same bytes. */
  | { kind: 'created'; body: string; replayed: boolean }
  | { kind: 'rule_failed'; error: OrderRuleError }
  | { kind: 'partner_missing' }
  | { kind: 'refused'; code: CreateOrderFailure; details?: Record<string, unknown>; retryAfterSeconds?: number };

/** A provider intent id of Stripe's length, so the storability probe measures a real order. */
const PROBE_INTENT_ID = `pi_${'0'.repeat(24)}`;

export async function createOrder(deps: CreateOrderDeps, cmd: CreateOrderCommand): Promise<CreateOrderOutcome> {
  const keyId = `${cmd.partnerId}#${cmd.idempotencyKey}`;
  // Every new order needs its partner and the catalogue: their reads run beside the key's instead
  // of after it. A replay needs neither, so each is awaited (and its failure seen) only when used.
  const partnerRead = deps.partners.get(cmd.partnerId);
  const catalogRead = deps.catalog();
  for (const read of [partnerRead, catalogRead]) read.catch(() => undefined);
  const keyReading = deps.keys.get(keyId);
  // A new order charges next: the payment client loads in these reads' wait, not after them.
  deps.payments.prepare?.();
  const keyRead = await keyReading;
  const prior = decideOnKey(keyRead, cmd.requestHash, deps.now().getTime(), deps.keyLifeMs);
  if (prior.kind === 'replay') return { kind: 'created', body: prior.data, replayed: true };
  const partner = await partnerRead;
  if (!partner) return { kind: 'partner_missing' };
  const byId = await catalogRead;
  // After money may have moved for this key and body, the rules passed then: the order is finished
  // from that charge's own figures, even if the catalogue, a restricted state or a draw site changed
  // since (a 400 there would tell the partner a new key is safe, and the new key would charge again).
  const moneyMoved = moneyMovedFor(keyRead, cmd.requestHash, prior.kind);
  let items: CatalogItem[] = [];
  if (!moneyMoved) {
    const rules = checkOrderRules({
      itemIds: cmd.itemIds,
      patientState: cmd.patient.address.state,
      dateOfBirth: cmd.patient.dateOfBirth,
      hasGuardian: cmd.guardian !== null,
      preferredLocationId: cmd.preferredLocationId,
      now: deps.now(),
      byId,
      restrictedStates: deps.config.restrictedStates,
      minorAgeYears: deps.config.minorAgeYears,
      locationExists: (id) => deps.sites.find(id) !== null,
    });
    if (!rules.ok) return { kind: 'rule_failed', error: rules.error };
    items = rules.items;
  }
  const newOrder: NewOrderInput = {
    partner,
    items,
    byId,
    externalId: cmd.externalId,
    patient: cmd.patient,
    guardian: cmd.guardian,
    preferredLocation: cmd.preferredLocationId ? deps.sites.find(cmd.preferredLocationId) : null,
    metadata: cmd.metadata,
    placementDelayMinutes: deps.config.placementDelayMinutes,
  };
  const pricing = moneyMoved ? moneyMoved.pricing : priceNewOrder(newOrder);
  const build = (orderId: string, createdAt: Date, intentId: string, p: OrderPricing) =>
    newOrderRecord(newOrder, p, orderId, createdAt, intentId);

  // Money must never be taken for an order that cannot be written: checked before the key is claimed.
  const problem = deps.orders.storageProblem(build(deps.newOrderId(deps.now()), deps.now(), PROBE_INTENT_ID, pricing));
  if (problem) return { kind: 'refused', code: 'not_storable', details: { reason: problem } };

  const claim = await claimKey(deps, { keyId, requestHash: cmd.requestHash, partner, pricing, keyRead });
  if (claim.kind === 'replay') return { kind: 'created', body: claim.body, replayed: true };
  if (claim.kind === 'refused') return claim;
  if (claim.record.phase === 'released') return { kind: 'refused', code: 'no_payment_method' };

  const key = keyWriter(deps.keys, claim.record, deps.keyLifeMs);
  const release = { in_progress_expiration: 0 };
  let charged: Partial<KeyRecord> | null = null;
  try {
    if (key.current.phase === 'charged') {
      charged = { intentId: key.current.intentId, chargedAtMs: key.current.chargedAtMs ?? key.current.firstUsedAtMs };
    } else {
      const held = key.current;
      const outcome: ChargeOutcome =
        held.phase === 'pending' && held.intentId
          ? await deps.payments.retrieve(held.intentId)
          : await deps.payments.charge({
              partnerId: partner.id,
              paymentMethod: held.charge!.paymentMethod,
              customerId: held.charge!.customerId,
              amountCents: held.charge!.pricing.totalCents,
              currency: 'usd',
              idempotencyKey: providerIdempotencyKey(partner.id, cmd.idempotencyKey, held),
              description: `Lab order ${held.orderId}`,
              // Ids only: they let the sweep and Stripe's events find this attempt's key and order.
              metadata: { orderId: held.orderId, partnerId: partner.id, idempotencyKey: cmd.idempotencyKey },
            });
      const failed = await recordFailedCharge(key, outcome, release);
      if (failed) return failed;
      // The order is created now, whenever the key was first used (a decline or a pending intent
      // can come first): its cancel window and placement hold start here.
      charged = {
        phase: 'charged',
        intentId: (outcome as { intentId: string }).intentId,
        chargedAtMs: deps.now().getTime(),
      };
    }
    // A retry after a 500 rebuilds the identical order from the record: same id, same time.
    const held = { ...key.current, ...charged };
    const order = build(held.orderId, new Date(held.chargedAtMs!), held.intentId!, held.charge?.pricing ?? pricing);
    const body = JSON.stringify(toPublicOrder(order, deps.config.cancelWindowMinutes));
    const completed = key.next({ ...charged, status: 'COMPLETED', data: body, ...release });
    const audit = cmd.audit?.records({ orderId: order.id }) ?? [];
    const writing = deps.orders.createCompleting(order, completed, key.current.version, audit);
    // The placement schedule is made beside the order's write, not after it: it fires minutes from
    // now and finds the order written or, should the write fail, nothing to place (the request's
    // retry writes this same order id, whose schedule this already is; the sweep places any order
    // that has none). A failure is left to the sweep. It starts on the next turn, so the write's
    // request is on the wire before the schedule's is prepared, and both end before the answer.
    const scheduling = nextTurn().then(() => deps.schedulePlacement(order).catch(() => undefined));
    const [write] = await Promise.allSettled([writing, scheduling]);
    if (write.status === 'rejected') throw write.reason;
    const written = write.value;
    if (written === 'key_changed') return inProgress();
    if (written === 'created') {
      key.written(completed);
      cmd.audit?.written();
    } else {
      // An earlier attempt wrote the order but not the key's completion: answer that order.
      const stored = JSON.stringify(toPublicOrder(written.exists, deps.config.cancelWindowMinutes));
      if (!(await key.save({ ...charged, status: 'COMPLETED', data: stored, ...release }))) return inProgress();
      return { kind: 'created', body: stored, replayed: false };
    }
    return { kind: 'created', body, replayed: false };
  } catch {
    if (charged) deps.alert('order_write_failed_after_charge', { orderId: key.current.orderId, partnerId: partner.id });
    // Keep the key in progress, with what was charged, and lock it for a few minutes; the retry
    // after that finishes the order from the remembered intent (never a second charge).
    const nowMs = deps.now().getTime();
    let retryAtMs = key.current.in_progress_expiration;
    const locked = await key
      .save({ ...charged, lockedUntilMs: nowMs + deps.config.retryLockMs, ...release })
      .catch(() => false); // the store itself is failing: the lease still protects the key
    if (locked) retryAtMs = nowMs + deps.config.retryLockMs;
    return { kind: 'refused', code: 'internal_error', retryAfterSeconds: retryAfterSeconds(retryAtMs, nowMs) };
  }
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

const inProgress = (): CreateOrderOutcome => ({
  kind: 'refused',
  code: 'idempotency_in_progress',
  retryAfterSeconds: 1,
});

/** A charge was sent for this key and body (its outcome known or not): that charge's figures. */
function moneyMovedFor(
  record: KeyRecord | null,
  requestHash: string,
  decision: string,
): { pricing: OrderPricing } | null {
  const phase = record?.phase;
  if (decision === 'claim' || decision === 'settle_first' || record?.validation !== requestHash) return null;
  if ((phase === 'charging' || phase === 'pending' || phase === 'charged') && record?.charge) return record.charge;
  return null;
}

/** Writes the outcome of a charge that did not succeed; the refusal to answer, or null on success. */
async function recordFailedCharge(
  key: ReturnType<typeof keyWriter>,
  outcome: ChargeOutcome,
  release: { in_progress_expiration: number },
): Promise<CreateOrderOutcome | null> {
  const refused = (code: CreateOrderFailure, details?: Record<string, unknown>) =>
    ({ kind: 'refused', code, ...(details ? { details } : {}) }) as const;
  const nextAttempt = { phase: 'released' as const, attempt: key.current.attempt + 1, intentId: null, ...release };
  let answer: CreateOrderOutcome;
  let patch: Partial<KeyRecord>;
  switch (outcome.kind) {
    case 'succeeded':
      return null;
    case 'pending':
      [patch, answer] = [
        { phase: 'pending', intentId: outcome.intentId, ...release },
        refused('payment_pending', { status: outcome.status }),
      ];
      break;
    case 'declined':
      [patch, answer] = [nextAttempt, refused('payment_failed', { declineCode: outcome.declineCode })];
      break;
    case 'failed':
      [patch, answer] = [nextAttempt, refused('payment_failed', { status: outcome.status })];
      break;
    case 'provider_error':
      // Outcome unknown: keep the phase (charging, or pending), so the retry replays or re-checks.
      [patch, answer] = [{ ...release }, refused('payment_provider_error')];
      break;
  }
  return (await key.save(patch)) ? answer : inProgress();
}
