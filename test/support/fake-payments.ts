import type { ChargeOutcome, ChargeRequest, Payments, RefundOutcome } from '../../shared/ports/payments.js';

/** Payments whose outcomes a test scripts; it counts charges per provider idempotency key. */
export class ScriptedPayments implements Payments {
  readonly charges: ChargeRequest[] = [];
  readonly byKey = new Map<string, ChargeOutcome>();
  next: Array<(req: ChargeRequest) => ChargeOutcome> = [];
  retrieveResult: ChargeOutcome | null = null;
  refunds: string[] = [];
  refundFails = false;
  private n = 0;

  async charge(req: ChargeRequest): Promise<ChargeOutcome> {
    this.charges.push(req);
    // Like Stripe: the same idempotency key replays the first outcome.
    const known = this.byKey.get(req.idempotencyKey);
    if (known && known.kind !== 'provider_error') return known;
    const script =
      this.next.shift() ??
      (() => ({ kind: 'succeeded', intentId: `pi_${++this.n}`, amountCents: req.amountCents }) as ChargeOutcome);
    const outcome = script(req);
    this.byKey.set(req.idempotencyKey, outcome);
    return outcome;
  }
  async retrieve(intentId: string): Promise<ChargeOutcome> {
    return this.retrieveResult ?? { kind: 'succeeded', intentId, amountCents: 0 };
  }
  /** The outcome a search by order id finds (charges are matched by their metadata). */
  async find(orderId: string): Promise<ChargeOutcome | null> {
    const req = this.charges.find((c) => c.metadata.orderId === orderId);
    const outcome = req ? this.byKey.get(req.idempotencyKey) : undefined;
    return outcome && outcome.kind !== 'provider_error' ? outcome : null;
  }
  cancelled: string[] = [];
  async cancel(intentId: string): Promise<ChargeOutcome> {
    this.cancelled.push(intentId);
    return { kind: 'failed', intentId, status: 'canceled' };
  }
  /** Provider idempotency keys of every refund call, failed ones included. */
  refundKeys: string[] = [];
  async refund(intentId: string, key: string): Promise<RefundOutcome> {
    this.refundKeys.push(key);
    if (this.refundFails) return { kind: 'failed', message: 'refund failed' };
    this.refunds.push(intentId);
    return { kind: 'issued', refundId: `re_${intentId}` };
  }
  /** Distinct charge attempts that succeeded: what actually took money. */
  succeededCharges(): number {
    return [...this.byKey.values()].filter((o) => o.kind === 'succeeded').length;
  }
}
