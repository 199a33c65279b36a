import Stripe from 'stripe';
import type { ChargeOutcome, ChargeRequest, PaymentEvent, Payments, RefundOutcome } from '../ports/payments.js';

export interface StripePaymentsConfig {
  secretKey: string;
  host?: string;
  port?: number;
  protocol?: 'http' | 'https';
  maxNetworkRetries?: number;
  timeoutMs?: number;
}

const LIVE_STATUSES = new Set(['processing', 'requires_action', 'requires_confirmation', 'requires_capture']);

/**
 * Maps an intent to the port's outcome. An intent back at requires_payment_method after a
 * payment error (a processing charge that later failed) reads as a decline with its code;
 * one that simply ended there, or canceled, is `failed` with its status.
 */
export function outcomeOf(intent: Stripe.PaymentIntent): ChargeOutcome {
  if (intent.status === 'succeeded') return { kind: 'succeeded', intentId: intent.id, amountCents: intent.amount };
  if (LIVE_STATUSES.has(intent.status))
    return { kind: 'pending', intentId: intent.id, status: intent.status as 'processing' };
  if (intent.status === 'requires_payment_method' && intent.last_payment_error) {
    return { kind: 'declined', intentId: intent.id, declineCode: intent.last_payment_error.decline_code ?? null };
  }
  return {
    kind: 'failed',
    intentId: intent.id,
    status: intent.status === 'canceled' ? 'canceled' : 'requires_payment_method',
  };
}

/** Only the error's class (StripeConnectionError, StripeAPIError...): Stripe messages may echo request parameters. */
function errorClass(err: unknown): string {
  const e = err as { type?: unknown; name?: unknown } | null;
  return typeof e?.type === 'string' ? e.type : typeof e?.name === 'string' ? e.name : 'StripeError';
}

function providerError(err: unknown): ChargeOutcome {
  return { kind: 'provider_error', message: errorClass(err) };
}

/** Payments through Stripe PaymentIntents (confirmed off-session) and Refunds, with idempotency keys. */
export function createStripePayments(config: StripePaymentsConfig): Payments {
  const stripe = new Stripe(config.secretKey, {
    maxNetworkRetries: config.maxNetworkRetries ?? 1,
    // No client telemetry: the SDK would otherwise keep an identifier in a file under the home
    // directory (written on a container's first request) and report each request's latency to Stripe.
    telemetry: false,
    timeout: config.timeoutMs ?? 8000,
    ...(config.host ? { host: config.host } : {}),
    ...(config.port ? { port: config.port } : {}),
    ...(config.protocol ? { protocol: config.protocol } : {}),
  });
  return {
    async charge(req: ChargeRequest): Promise<ChargeOutcome> {
      try {
        const intent = await stripe.paymentIntents.create(
          {
            amount: req.amountCents,
            currency: req.currency,
            payment_method: req.paymentMethod,
            ...(req.customerId ? { customer: req.customerId } : {}),
            confirm: true,
            off_session: true,
            description: req.description,
            metadata: req.metadata,
          },
          { idempotencyKey: req.idempotencyKey },
        );
        return outcomeOf(intent);
      } catch (err) {
        if (err instanceof Stripe.errors.StripeCardError) {
          const intent = (err.raw as { payment_intent?: { id?: string } }).payment_intent;
          return { kind: 'declined', intentId: intent?.id ?? null, declineCode: err.decline_code ?? null };
        }
        // Stripe refused the payment method on file (unknown, detached, another account's): no
        // intent exists and no retry can succeed until it is fixed, so this is a definitive
        // decline (402, the key free for a fresh attempt), never a provider error to retry.
        if (err instanceof Stripe.errors.StripeInvalidRequestError && err.param === 'payment_method') {
          return { kind: 'declined', intentId: null, declineCode: null };
        }
        return providerError(err);
      }
    },
    async retrieve(intentId: string): Promise<ChargeOutcome> {
      try {
        return outcomeOf(await stripe.paymentIntents.retrieve(intentId));
      } catch (err) {
        return providerError(err);
      }
    },
    async find(orderId: string): Promise<ChargeOutcome | null> {
      // Search is how Stripe finds an intent by its metadata; the order id is an opaque id we made.
      const found = await stripe.paymentIntents.search({ query: `metadata['orderId']:'${orderId}'`, limit: 10 });
      const intents = found.data;
      // One attempt makes one intent; should there be more, a succeeded one is the one that matters.
      const best = intents.find((i) => i.status === 'succeeded') ?? intents[0];
      return best ? outcomeOf(best) : null;
    },
    async cancel(intentId: string, idempotencyKey: string): Promise<ChargeOutcome> {
      try {
        return outcomeOf(await stripe.paymentIntents.cancel(intentId, {}, { idempotencyKey }));
      } catch (err) {
        // It moved on meanwhile (succeeded, or already canceled): what it is now decides.
        if (err instanceof Stripe.errors.StripeInvalidRequestError) return this.retrieve(intentId);
        return providerError(err);
      }
    },
    async refund(intentId: string, idempotencyKey: string): Promise<RefundOutcome> {
      try {
        const refund = await stripe.refunds.create({ payment_intent: intentId }, { idempotencyKey });
        return { kind: 'issued', refundId: refund.id };
      } catch (err) {
        // An earlier try went through but its answer was lost or never recorded: that refund is the one.
        if (err instanceof Stripe.errors.StripeInvalidRequestError && err.code === 'charge_already_refunded') {
          const earlier = await stripe.refunds.list({ payment_intent: intentId, limit: 10 }).catch(() => null);
          const done = earlier?.data.find((r) => r.status === 'succeeded' || r.status === 'pending');
          if (done) return { kind: 'issued', refundId: done.id };
        }
        return { kind: 'failed', message: errorClass(err) };
      }
    },
  };
}

/**
 * Verifies a Stripe-Signature with the `stripe` package (tolerance judged at `receivedAtMs`, the
 * service clock) and decodes the event; null when the signature is bad or stale.
 */
export function verifyStripeEvent(
  payload: string,
  header: string,
  secret: string,
  receivedAtMs: number,
  toleranceSeconds = 300,
): PaymentEvent | null {
  let event: Stripe.Event;
  try {
    event = Stripe.webhooks.constructEvent(payload, header, secret, toleranceSeconds, undefined, receivedAtMs);
  } catch {
    return null;
  }
  switch (event.type) {
    case 'payment_intent.succeeded':
    case 'payment_intent.payment_failed':
    case 'payment_intent.canceled': {
      const intent = event.data.object;
      return { kind: 'intent', eventId: event.id, outcome: outcomeOf(intent), metadata: intent.metadata ?? {} };
    }
    case 'charge.refunded': {
      const charge = event.data.object;
      const intentId = typeof charge.payment_intent === 'string' ? charge.payment_intent : charge.payment_intent?.id;
      if (!intentId) return { kind: 'other', eventId: event.id, type: event.type };
      return {
        kind: 'refund',
        eventId: event.id,
        intentId,
        refundId: charge.refunds?.data[0]?.id ?? null,
        full: charge.refunded,
        metadata: charge.metadata ?? {},
      };
    }
    case 'refund.updated': {
      const refund = event.data.object;
      const intentId = typeof refund.payment_intent === 'string' ? refund.payment_intent : refund.payment_intent?.id;
      // A refund's own metadata names the order only when we made it; others arrive as charge.refunded too.
      if (!intentId || refund.status !== 'succeeded' || !refund.metadata?.orderId)
        return { kind: 'other', eventId: event.id, type: event.type };
      return {
        kind: 'refund',
        eventId: event.id,
        intentId,
        refundId: refund.id,
        full: false,
        metadata: refund.metadata,
      };
    }
    default:
      return { kind: 'other', eventId: event.id, type: event.type };
  }
}
