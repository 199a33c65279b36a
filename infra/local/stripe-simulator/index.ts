import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { behaviourFor, declineErrorCode, refundFails } from './behaviours.js';
import { parseStripeForm } from './form.js';
import { loadState, saveState, type SimIntent, type SimRefund } from './state.js';
import { chargeOf, eventSender, type WebhookTarget } from './events.js';

export type { SimIntent, SimRefund } from './state.js';

export interface StripeSimulator {
  url: string;
  host: string;
  port: number;
  close(): Promise<void>;
  intents(): SimIntent[];
  refunds(): SimRefund[];
  /** Where to deliver Stripe's signed events (the service's /stripe/webhook), once it listens. */
  setWebhook(target: WebhookTarget): void;
}

type Answer = { status: number; body: unknown; cache: boolean };

const stripeError = (status: number, type: string, message: string, extra: Record<string, unknown> = {}): Answer => ({
  status,
  body: { error: { type, message, ...extra } },
  cache: status < 500,
});

function publicIntent(i: SimIntent) {
  const { _then, ...rest } = i;
  void _then;
  return rest;
}

/**
 * A Stripe-compatible HTTP simulator for PaymentIntents and Refunds, good enough that the real
 * `stripe` SDK talks to it unchanged (no maintained simulator on npm supports PaymentIntents).
 * Idempotency-Key replay works like Stripe's; state persists to `stateFile` when one is given.
 */
export async function startStripeSimulator(
  opts: { port?: number; host?: string; stateFile?: string } = {},
): Promise<StripeSimulator> {
  const state = loadState(opts.stateFile);
  let failNext = 0;
  // A provider timeout: the request takes effect (and is stored for idempotent replay), but its
  // answer is held back longer than the client waits, so the caller cannot know what happened.
  let hang = { next: 0, ms: 30_000 };
  const persist = () => saveState(opts.stateFile, state);
  let webhook: WebhookTarget | null = null;
  const emit = eventSender(() => webhook);
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

  async function handleApi(req: IncomingMessage, url: URL, body: string): Promise<Answer & { replayed?: boolean }> {
    if (!/^Bearer sk_test_\S+$/.test(req.headers.authorization ?? '')) {
      return stripeError(401, 'invalid_request_error', 'Invalid API Key provided.');
    }
    if (failNext > 0) {
      failNext--;
      return { status: 500, body: { error: { type: 'api_error', message: 'Injected fault.' } }, cache: false };
    }
    const method = req.method ?? 'GET';
    const params = method === 'POST' ? parseStripeForm(body) : Object.fromEntries(url.searchParams);
    const key = method === 'POST' ? req.headers['idempotency-key'] : undefined;
    const scope = typeof key === 'string' ? `${method} ${url.pathname} ${key}` : null;
    if (scope) {
      const stored = state.idempotency[scope];
      if (stored) {
        if (stored.requestHash !== body) {
          return stripeError(
            400,
            'idempotency_error',
            'Keys for idempotent requests can only be used with the same parameters they were first used with.',
          );
        }
        return { status: stored.status, body: stored.body, cache: false, replayed: true };
      }
    }
    let answer: Answer;
    const intentMatch = /^\/v1\/payment_intents\/([A-Za-z0-9_]+)$/.exec(url.pathname);
    const cancelMatch = /^\/v1\/payment_intents\/([A-Za-z0-9_]+)\/cancel$/.exec(url.pathname);
    if (method === 'POST' && url.pathname === '/v1/payment_intents') answer = createIntent(params);
    else if (method === 'GET' && url.pathname === '/v1/payment_intents/search')
      answer = searchIntents(String(params.query ?? ''));
    else if (method === 'POST' && cancelMatch) answer = cancelIntent(cancelMatch[1] as string);
    else if (method === 'GET' && intentMatch) answer = retrieveIntent(intentMatch[1] as string);
    else if (method === 'GET' && url.pathname === '/v1/payment_intents')
      answer = {
        status: 200,
        body: {
          object: 'list',
          data: [...state.intents].reverse().map(publicIntent),
          has_more: false,
          url: '/v1/payment_intents',
        },
        cache: false,
      };
    else if (method === 'POST' && url.pathname === '/v1/refunds') answer = createRefund(params);
    else if (method === 'GET' && url.pathname === '/v1/refunds') {
      const data = state.refunds
        .filter((r) => !params.payment_intent || r.payment_intent === params.payment_intent)
        .reverse();
      answer = { status: 200, body: { object: 'list', data, has_more: false, url: '/v1/refunds' }, cache: false };
    } else answer = stripeError(404, 'invalid_request_error', `Unrecognized request URL (${method}: ${url.pathname}).`);
    if (scope && answer.cache)
      state.idempotency[scope] = { requestHash: body, status: answer.status, body: answer.body };
    persist();
    return answer;
  }

  function handleSim(req: IncomingMessage, url: URL, body: string): Answer {
    if (req.method === 'GET' && url.pathname === '/_sim/intents')
      return { status: 200, body: state.intents.map(publicIntent), cache: false };
    if (req.method === 'GET' && url.pathname === '/_sim/refunds')
      return { status: 200, body: state.refunds, cache: false };
    if (req.method === 'POST' && url.pathname === '/_sim/reset') {
      Object.assign(state, { intents: [], refunds: [], idempotency: {}, seq: state.seq });
      persist();
      return { status: 200, body: { ok: true }, cache: false };
    }
    if (req.method === 'POST' && url.pathname === '/_sim/faults') return setFaults(body);
    return { status: 404, body: { error: 'not found' }, cache: false };
  }

  function setFaults(body: string): Answer {
    let asked: Record<string, unknown>;
    try {
      asked = JSON.parse(body || '{}') as Record<string, unknown>;
    } catch {
      return { status: 400, body: { error: 'the body must be JSON' }, cache: false };
    }
    const count = (name: string, value: unknown, fallback: number) => {
      const n = value === undefined ? fallback : Number(value);
      if (!Number.isInteger(n) || n < 0) throw new RangeError(`${name} must be a non-negative integer`);
      return n;
    };
    try {
      const next = {
        failNext: count('failNext', asked.failNext, failNext),
        hangNext: count('hangNext', asked.hangNext, hang.next),
        hangMs: count('hangMs', asked.hangMs, hang.ms),
      };
      failNext = next.failNext;
      hang = { next: next.hangNext, ms: next.hangMs };
      return { status: 200, body: next, cache: false };
    } catch (err) {
      return { status: 400, body: { error: (err as Error).message }, cache: false };
    }
  }

  const held = new Set<NodeJS.Timeout>();
  const holdBack = (ms: number) =>
    new Promise<void>((ok) => {
      const t = setTimeout(() => {
        held.delete(t);
        ok();
      }, ms);
      held.add(t);
    });

  const server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    try {
      const chunks: Buffer[] = [];
      for await (const c of req) chunks.push(c as Buffer);
      const body = Buffer.concat(chunks).toString('utf8');
      const url = new URL(req.url ?? '/', 'http://sim');
      const simRoute = url.pathname.startsWith('/_sim/');
      const answer = simRoute ? handleSim(req, url, body) : await handleApi(req, url, body);
      if (!simRoute && hang.next > 0) {
        hang.next--;
        await holdBack(hang.ms);
        if (res.destroyed) return;
      }
      const headers: Record<string, string> = {
        'Content-Type': 'application/json',
        'Request-Id': `req_${randomBytes(8).toString('hex')}`,
      };
      if ('replayed' in answer && answer.replayed) headers['Idempotent-Replayed'] = 'true';
      res.writeHead(answer.status, headers);
      res.end(JSON.stringify(answer.body));
    } catch {
      res.writeHead(400, { 'Content-Type': 'application/json' });
      res.end(
        JSON.stringify({ error: { type: 'invalid_request_error', message: 'The request could not be parsed.' } }),
      );
    }
  });
  const host = opts.host ?? '127.0.0.1';
  await new Promise<void>((ok, fail) => {
    server.once('error', fail);
    server.listen(opts.port ?? 0, host, () => ok());
  });
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://${host}:${port}`,
    host,
    port,
    close: () =>
      new Promise<void>((ok) => {
        for (const t of held) clearTimeout(t);
        server.close(() => ok());
        server.closeAllConnections();
      }),
    intents: () => state.intents.map((i) => publicIntent(i) as SimIntent),
    refunds: () => [...state.refunds],
    setWebhook: (target) => {
      webhook = target;
    },
  };
}
