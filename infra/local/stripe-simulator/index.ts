import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { parseStripeForm } from './form.js';
import { loadState, saveState, type SimIntent, type SimRefund } from './state.js';
import { eventSender, type WebhookTarget } from './events.js';
import { publicIntent, stripeError, stripeResources, type Answer } from './resources.js';

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
  const { createIntent, retrieveIntent, searchIntents, cancelIntent, createRefund } = stripeResources({
    state,
    persist,
    emit,
  });

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
