import { randomBytes } from 'node:crypto';
import { behaviourFor, declineErrorCode, refundFails } from './behaviours.js';
import { chargeOf, type SimEventType } from './events.js';
import type { SimIntent, SimRefund, SimState } from './state.js';

// The simulator's Stripe resources: PaymentIntents (create, retrieve, search, cancel) and Refunds,
// answering as Stripe does, and emitting the events Stripe would send for each change.

export type Answer = { status: number; body: unknown; cache: boolean };

export const stripeError = (
  status: number,
  type: string,
  message: string,
  extra: Record<string, unknown> = {},
): Answer => ({
  status,
  body: { error: { type, message, ...extra } },
  cache: status < 500,
});

export function publicIntent(i: SimIntent) {
  const { _then, ...rest } = i;
  void _then;
  return rest;
}

/** What the resources need of the simulator: its state, a way to save it, and its event sender. */
export interface ResourceDeps {
  state: SimState;
  persist: () => void;
  emit: (type: SimEventType, object: unknown) => void;
}

export function stripeResources({ state, persist, emit }: ResourceDeps) {
  const intentEvent = (intent: SimIntent) => {
    if (intent.status === 'succeeded') emit('payment_intent.succeeded', publicIntent(intent));
    else if (intent.status === 'canceled') emit('payment_intent.canceled', publicIntent(intent));
    else if (intent.status === 'requires_payment_method' && intent.last_payment_error)
      emit('payment_intent.payment_failed', publicIntent(intent));
  };
  const newId = (prefix: string) =>
    `${prefix}_${(++state.seq).toString(36).padStart(6, '0')}${randomBytes(9).toString('base64url').replace(/[-_]/g, 'x')}`;
  const now = () => Math.floor(Date.now() / 1000);

  function createIntent(p: Record<string, unknown>): Answer {
    const amount = Number(p.amount);
    const pm = typeof p.payment_method === 'string' ? p.payment_method : '';
    if (!Number.isInteger(amount) || amount < 50)
      return stripeError(400, 'invalid_request_error', 'Amount must be at least 50 cents.', {
        code: 'amount_too_small',
        param: 'amount',
      });
    const behaviour = behaviourFor(pm);
    if (behaviour.kind === 'unknown_method')
      return stripeError(400, 'invalid_request_error', `No such PaymentMethod: '${pm}'`, {
        code: 'resource_missing',
        param: 'payment_method',
      });
    if (behaviour.kind === 'provider_down')
      return {
        status: 500,
        body: { error: { type: 'api_error', message: 'An unknown error occurred.' } },
        cache: false,
      };
    const intent: SimIntent = {
      id: newId('pi'),
      object: 'payment_intent',
      amount,
      currency: String(p.currency ?? 'usd'),
      status: 'succeeded',
      customer: typeof p.customer === 'string' ? p.customer : null,
      payment_method: pm,
      description: typeof p.description === 'string' ? p.description : null,
      metadata: (p.metadata as Record<string, string>) ?? {},
      created: now(),
      last_payment_error: null,
    };
    if (behaviour.kind === 'decline') {
      intent.status = 'requires_payment_method';
      const code = declineErrorCode(behaviour.declineCode);
      intent.last_payment_error = { code, decline_code: behaviour.declineCode, message: 'Your card was declined.' };
      state.intents.push(intent);
      intentEvent(intent);
      return stripeError(402, 'card_error', 'Your card was declined.', {
        code,
        decline_code: behaviour.declineCode,
        payment_intent: publicIntent(intent),
      });
    }
    if (behaviour.kind === 'status') intent.status = behaviour.status;
    if (behaviour.kind === 'processing_then') {
      intent.status = 'processing';
      intent._then = behaviour.then;
    }
    state.intents.push(intent);
    intentEvent(intent);
    return { status: 200, body: publicIntent(intent), cache: true };
  }

  function retrieveIntent(id: string): Answer {
    const intent = state.intents.find((i) => i.id === id);
    if (!intent)
      return stripeError(404, 'invalid_request_error', `No such payment_intent: '${id}'`, { code: 'resource_missing' });
    if (intent.status === 'processing' && intent._then) {
      if (intent._then === 'succeeded') intent.status = 'succeeded';
      else {
        intent.status = 'requires_payment_method';
        intent.last_payment_error = {
          code: 'card_declined',
          decline_code: 'generic_decline',
          message: 'Your card was declined.',
        };
      }
      delete intent._then;
      persist();
      intentEvent(intent);
    }
    return { status: 200, body: publicIntent(intent), cache: false };
  }

  /** Stripe's search, for the one form we use: metadata['key']:'value'. */
  function searchIntents(query: string): Answer {
    const m = /^metadata\['([^']+)'\]:'([^']*)'$/.exec(query.trim());
    if (!m) return stripeError(400, 'invalid_request_error', 'Unsupported search query.', { param: 'query' });
    const data = state.intents.filter((i) => i.metadata?.[m[1] as string] === m[2]).map(publicIntent);
    return {
      status: 200,
      body: { object: 'search_result', data, has_more: false, next_page: null, url: '/v1/payment_intents/search' },
      cache: false,
    };
  }

  const CANCELLABLE = new Set([
    'requires_payment_method',
    'requires_capture',
    'requires_confirmation',
    'requires_action',
    'processing',
  ]);

  function cancelIntent(id: string): Answer {
    const intent = state.intents.find((i) => i.id === id);
    if (!intent)
      return stripeError(404, 'invalid_request_error', `No such payment_intent: '${id}'`, { code: 'resource_missing' });
    if (!CANCELLABLE.has(intent.status))
      return stripeError(
        400,
        'invalid_request_error',
        `You cannot cancel this PaymentIntent because it has a status of ${intent.status}.`,
        { code: 'payment_intent_unexpected_state' },
      );
    intent.status = 'canceled';
    delete intent._then;
    intentEvent(intent);
    return { status: 200, body: publicIntent(intent), cache: true };
  }

  function createRefund(p: Record<string, unknown>): Answer {
    const intent = state.intents.find((i) => i.id === p.payment_intent);
    if (!intent)
      return stripeError(404, 'invalid_request_error', `No such payment_intent: '${String(p.payment_intent)}'`, {
        code: 'resource_missing',
        param: 'payment_intent',
      });
    if (intent.status !== 'succeeded')
      return stripeError(400, 'invalid_request_error', 'This PaymentIntent has no successful charge to refund.', {
        code: 'charge_not_refundable',
      });
    if (refundFails(intent.payment_method))
      return stripeError(402, 'card_error', 'The refund could not be processed on this payment method.', {
        code: 'refund_failed',
      });
    const refunded = state.refunds.filter((r) => r.payment_intent === intent.id).reduce((s, r) => s + r.amount, 0);
    const amount = p.amount !== undefined ? Number(p.amount) : intent.amount - refunded;
    if (refunded >= intent.amount)
      return stripeError(400, 'invalid_request_error', `Charge for ${intent.id} has already been refunded.`, {
        code: 'charge_already_refunded',
      });
    if (!Number.isInteger(amount) || amount <= 0 || amount > intent.amount - refunded)
      return stripeError(400, 'invalid_request_error', 'Invalid refund amount.', {
        code: 'amount_too_large',
        param: 'amount',
      });
    const refund: SimRefund = {
      id: newId('re'),
      object: 'refund',
      amount,
      currency: intent.currency,
      payment_intent: intent.id,
      status: 'succeeded',
      metadata: (p.metadata as Record<string, string>) ?? {},
      created: now(),
    };
    state.refunds.push(refund);
    emit('charge.refunded', chargeOf(intent, state.refunds));
    emit('refund.updated', refund);
    return { status: 200, body: refund, cache: true };
  }

  return { createIntent, retrieveIntent, searchIntents, cancelIntent, createRefund };
}
