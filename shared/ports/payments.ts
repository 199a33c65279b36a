// The payments port: what order creation and cancellation need from a payment provider.
// The Stripe adapter implements it with PaymentIntents and Refunds.

export type IntentStatus =
  | 'succeeded'
  | 'processing'
  | 'requires_action'
  | 'requires_confirmation'
  | 'requires_capture'
  | 'requires_payment_method'
  | 'canceled';

/** The outcome of creating/confirming or re-checking a PaymentIntent. */
export type ChargeOutcome =
  | { kind: 'succeeded'; intentId: string; amountCents: number }
  /** Still live: processing, requires_action, requires_confirmation or requires_capture. */
  | {
      kind: 'pending';
      intentId: string;
      status: 'processing' | 'requires_action' | 'requires_confirmation' | 'requires_capture';
    }
  /** Card error raised by the provider. declineCode may be null. */
  | { kind: 'declined'; intentId: string | null; declineCode: string | null }
  /** The intent resolved without an error but did not complete. */
  | { kind: 'failed'; intentId: string; status: 'requires_payment_method' | 'canceled' }
  /** The provider failed or did not answer: the outcome is unknown. */
  | { kind: 'provider_error'; message: string };

export interface ChargeRequest {
  partnerId: string;
  /** The partner's payment method on file (e.g. pm_card_visa). */
  paymentMethod: string;
  /** The partner's Stripe customer, when it has one. */
  customerId?: string | null;
  amountCents: number;
  currency: 'usd';
  /** Provider idempotency key: same key => provider replays the same request. */
  idempotencyKey: string;
  description: string;
  /** Ids only; never patient data. */
  metadata: Record<string, string>;
}

export type RefundOutcome = { kind: 'issued'; refundId: string } | { kind: 'failed'; message: string };

export interface Payments {
  /**
   * Starts, without waiting, what a first call needs (the provider's client and key are loaded on
   * first use): a flow that will charge or refund calls it before a store wait, so that work runs
   * in the wait. Never throws; the call itself loads whatever is still missing.
   */
  prepare?(): void;
  charge(req: ChargeRequest): Promise<ChargeOutcome>;
  /** Re-check a remembered intent (never search). */
  retrieve(intentId: string): Promise<ChargeOutcome>;
  refund(intentId: string, idempotencyKey: string): Promise<RefundOutcome>;
  /**
   * The intent created for this order id (the metadata every charge carries), when a charge's
   * answer was lost before its id was known; null when the provider has none.
   */
  find(orderId: string): Promise<ChargeOutcome | null>;
  /** Cancels a live intent, so it can never succeed later; answers the intent as it then stands. */
  cancel(intentId: string, idempotencyKey: string): Promise<ChargeOutcome>;
}

/** One of Stripe's signed events, verified and decoded: what the service acts on. */
export type PaymentEvent =
  /** payment_intent.succeeded, .payment_failed, .canceled: the intent's outcome and our metadata on it. */
  | { kind: 'intent'; eventId: string; outcome: ChargeOutcome; metadata: Record<string, string> }
  /** charge.refunded, refund.updated: a refund on the charge an order stands on. */
  | {
      kind: 'refund';
      eventId: string;
      intentId: string;
      refundId: string | null;
      /** The whole charge is refunded (and the refund succeeded). */
      full: boolean;
      metadata: Record<string, string>;
    }
  | { kind: 'other'; eventId: string; type: string };

/** Verifies and decodes Stripe's signed events: null for a bad or stale signature (judged at receivedAtMs). */
export interface PaymentEventVerifier {
  verify(payload: string, signatureHeader: string, receivedAtMs: number): Promise<PaymentEvent | null>;
}
