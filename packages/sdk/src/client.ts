// The partner API client: one method per operation, on the platform's fetch. Order creation applies
// the idempotency rules: one Idempotency-Key per order, reused on every retry, and retried only on the
// answers where retrying with the same key is safe. The key is never replaced by the SDK itself.
import { LabTestsApiError } from './errors.js';
import type {
  Catalog,
  CreateOrderInput,
  Deliveries,
  DeliveriesQuery,
  Delivery,
  ListOrdersQuery,
  Locations,
  LocationsQuery,
  Order,
  OrderList,
  OrderStatus,
  RequisitionDocument,
  ResultsDocument,
  SandboxScenario,
  WebhookTestResult,
} from './types.js';

export interface RetryOptions {
  /** Attempts per call, the first included. Default 6. */
  maxAttempts?: number;
  /** Wait before retry n (1-based) when the server sent no Retry-After. Default 0.5 s, 1 s, 2 s... up to 20 s. */
  backoffMs?: (retry: number) => number;
  /** Longest wait the SDK accepts; a longer Retry-After ends the call with a retryable error instead. Default 60 s. */
  maxDelayMs?: number;
}

export interface LabTestsClientOptions {
  /** The service's origin, e.g. `https://partner.example.com` (the `/api/v1` paths are added). */
  baseUrl: string;
  /** `sk_test_...` on the sandbox, `sk_live_...` in production. */
  apiKey: string;
  retry?: RetryOptions;
  /** Per-request timeout in milliseconds. Default 35 s (the service may wait up to 29 s on the payment provider). */
  timeoutMs?: number;
  fetch?: typeof fetch;
  /** Used between retries; tests replace it. */
  sleep?: (ms: number) => Promise<void>;
}

/**
 * The 409s after which retrying order creation with the SAME key and body is safe: another request
 * holds the key, or the payment outcome is not known yet. Every 5xx (a failure after the charge, the
 * payment provider failing or still pending, a gateway timeout), a 429 and a network error are too.
 * Every other answer is final for this key.
 */
const CREATE_RETRYABLE = new Set(['idempotency_in_progress', 'payment_in_flight']);

interface Answer {
  status: number;
  body: unknown;
  retryAfterSeconds: number | undefined;
}

type ErrorBody = { error?: { code?: string; message?: string; details?: Record<string, unknown> } };

function retryAfter(header: string | null): number | undefined {
  if (!header) return undefined;
  if (/^\d+$/.test(header.trim())) return Number(header.trim());
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - Date.now()) / 1000));
}

function query(params: object | undefined): string {
  const out = new URLSearchParams();
  for (const [k, v] of Object.entries(params ?? {})) if (v !== undefined && v !== null) out.set(k, String(v));
  const s = out.toString();
  return s ? `?${s}` : '';
}

const id = (value: string) => encodeURIComponent(value);

export class LabTestsClient {
  private readonly base: string;
  private readonly doFetch: typeof fetch;
  private readonly sleep: (ms: number) => Promise<void>;
  private readonly retry: Required<RetryOptions>;

  constructor(private readonly options: LabTestsClientOptions) {
    if (!options.apiKey) throw new Error('LabTestsClient: apiKey is required');
    this.base = `${options.baseUrl.replace(/\/+$/, '')}/api/v1`;
    this.doFetch = options.fetch ?? ((...args) => fetch(...args));
    this.sleep = options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
    this.retry = {
      maxAttempts: options.retry?.maxAttempts ?? 6,
      backoffMs: options.retry?.backoffMs ?? ((n) => Math.min(20_000, 500 * 2 ** (n - 1))),
      maxDelayMs: options.retry?.maxDelayMs ?? 60_000,
    };
  }

  /** One HTTP exchange; a network failure or timeout is an answer with status 0. */
  private async send(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
    try {
      const res = await this.doFetch(`${this.base}${path}`, {
        method,
        redirect: 'manual',
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 35_000),
        headers: {
          Authorization: `Bearer ${this.options.apiKey}`,
          Accept: 'application/json',
          ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}),
          ...headers,
        },
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      });
      const text = await res.text();
      let parsed: unknown = null;
      try {
        parsed = text ? JSON.parse(text) : null;
      } catch {
        parsed = null;
      }
      return { status: res.status, body: parsed, retryAfterSeconds: retryAfter(res.headers.get('retry-after')) };
    } catch (err) {
      return {
        status: 0,
        body: { error: { code: 'network_error', message: String(err) } },
        retryAfterSeconds: undefined,
      };
    }
  }

  private failure(a: Answer, retryable: boolean, idempotencyKey?: string): LabTestsApiError {
    const e = (a.body as ErrorBody | null)?.error;
    return new LabTestsApiError(
      a.status,
      e?.code ?? (a.status === 0 ? 'network_error' : `http_${a.status}`),
      e?.message ?? `HTTP ${a.status}`,
      e?.details,
      retryable,
      idempotencyKey,
      a.retryAfterSeconds,
    );
  }

  /** Sends until success, a final answer, or the attempts run out; `retryable` decides per answer. */
  private async withRetries<T>(
    attempt: () => Promise<Answer>,
    retryable: (a: Answer) => boolean,
    idempotencyKey?: string,
  ): Promise<T> {
    for (let n = 1; ; n++) {
      const a = await attempt();
      if (a.status >= 200 && a.status < 300) return a.body as T;
      const again = retryable(a);
      const waitMs = a.retryAfterSeconds !== undefined ? a.retryAfterSeconds * 1000 : this.retry.backoffMs(n);
      if (!again || n >= this.retry.maxAttempts || waitMs > this.retry.maxDelayMs)
        throw this.failure(a, again, idempotencyKey);
      await this.sleep(waitMs);
    }
  }

  /** Reads are safe to repeat: retried on network errors, 429 and 5xx. */
  private read<T>(path: string): Promise<T> {
    return this.withRetries<T>(
      () => this.send('GET', path),
      (a) => a.status === 0 || a.status === 429 || a.status >= 500,
    );
  }

  /** Writes other than order creation are sent once: the caller decides whether repeating one is right. */
  private async write<T>(method: string, path: string, body?: unknown): Promise<T> {
    const a = await this.send(method, path, body);
    if (a.status >= 200 && a.status < 300) return a.body as T;
    throw this.failure(a, false);
  }

  readonly catalog = {
    /** Orderable tests and panels, with your per-order fees and the restricted states. */
    get: (): Promise<Catalog> => this.read('/catalog'),
  };

  readonly locations = {
    /** Draw sites near a ZIP code or a point, nearest first. */
    find: (q: LocationsQuery): Promise<Locations> => this.read(`/locations${query(q)}`),
  };

  readonly orders = {
    /**
     * Places an order. One Idempotency-Key per call (pass the key of a call that gave up to resume
     * it), sent again on every retry, so the order is created and charged at most once.
     */
    create: (input: CreateOrderInput, opts: { idempotencyKey?: string } = {}): Promise<Order> => {
      const key = opts.idempotencyKey ?? crypto.randomUUID();
      return this.withRetries<Order>(
        () => this.send('POST', '/orders', input, { 'Idempotency-Key': key }),
        (a) =>
          a.status === 0 ||
          a.status === 429 ||
          a.status >= 500 ||
          (a.status === 409 && CREATE_RETRYABLE.has((a.body as ErrorBody | null)?.error?.code ?? '')),
        key,
      );
    },
    get: (orderId: string): Promise<Order> => this.read(`/orders/${id(orderId)}`),
    /** One page, newest first. Pages can be empty while `nextCursor` is not null: see `listAll`. */
    list: (q: ListOrdersQuery = {}): Promise<OrderList> => this.read(`/orders${query(q)}`),
    /** Every matching order, newest first, following `nextCursor` until it is null. */
    listAll: (q: Omit<ListOrdersQuery, 'cursor'> = {}): AsyncIterable<Order> => this.allOrders(q),
    /** Cancels within the hour, before the lab has it; the answer says whether the refund was issued. */
    cancel: (orderId: string): Promise<Order & { refund?: 'issued' | 'pending' }> =>
      this.write('DELETE', `/orders/${id(orderId)}`),
    /** The requisition PDF as a signed URL valid 15 minutes (409 not_ready before). */
    requisition: (orderId: string): Promise<RequisitionDocument> => this.read(`/orders/${id(orderId)}/requisition`),
    /** Structured results and result PDFs (409 not_ready before). */
    results: (orderId: string): Promise<ResultsDocument> => this.read(`/orders/${id(orderId)}/results`),
  };

  readonly webhooks = {
    /** Your delivery log, newest first, with every attempt. */
    deliveries: (q: DeliveriesQuery = {}): Promise<Deliveries> => this.read(`/webhooks/deliveries${query(q)}`),
    /** Sends one of your deliveries again now. */
    replay: (deliveryId: string): Promise<Delivery> =>
      this.write('POST', `/webhooks/deliveries/${id(deliveryId)}/replay`),
    /** Sends a signed `webhook.test` event to your endpoint now. */
    sendTest: (): Promise<WebhookTestResult> => this.write('POST', '/webhooks/test'),
  };

  /** Sandbox only (test keys): drive an order through its life without waiting for a lab. */
  readonly sandbox = {
    /** Moves the order to its next checkpoint: processing → requisition_ready → results_ready. */
    advance: (orderId: string): Promise<Order> => this.write('POST', `/sandbox/orders/${id(orderId)}/advance`),
    /** Advances until the order reaches `status` (at most three steps). */
    advanceTo: async (orderId: string, status: OrderStatus): Promise<Order> => {
      let order = await this.orders.get(orderId);
      for (let step = 0; order.status !== status && step < 3; step++) order = await this.sandbox.advance(orderId);
      if (order.status !== status) throw new Error(`Order ${orderId} is ${order.status}, not ${status}`);
      return order;
    },
    /** Rehearses a scenario (placement trouble, critical results, a pending refund...). */
    simulate: (orderId: string, scenario: SandboxScenario): Promise<Order> =>
      this.write('POST', `/sandbox/orders/${id(orderId)}/simulate`, { scenario }),
    /** Sends a signed `webhook.test` event to your endpoint now. */
    sendTestEvent: (): Promise<WebhookTestResult> => this.webhooks.sendTest(),
  };

  private async *allOrders(q: Omit<ListOrdersQuery, 'cursor'>): AsyncGenerator<Order> {
    let cursor: string | null = null;
    do {
      const page: OrderList = await this.orders.list({ ...q, ...(cursor ? { cursor } : {}) });
      yield* page.data;
      cursor = page.nextCursor;
    } while (cursor !== null);
  }
}
