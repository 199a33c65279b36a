// A typed TypeScript client for the partner API that does the right thing by default. Its types
// are inferred from the zod schemas the partner OpenAPI document is generated from, so the client
// and the document cannot disagree. Runtime dependencies: fetch and node:crypto only.
import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type * as R from '../http/openapi/responses.js';
import type { createOrderSchema } from '../http/schemas/partner.js';
import { verifySignature } from '../domain/webhooks/signature.js';

export type Order = z.infer<typeof R.order>;
export type OrderList = z.infer<typeof R.orderList>;
export type Catalog = z.infer<typeof R.partnerCatalog>;
export type Locations = z.infer<typeof R.locations>;
export type SignedDocument = z.infer<typeof R.signedDocument>;
export type Results = z.infer<typeof R.results>;
export type Deliveries = z.infer<typeof R.deliveries>;
export type CreateOrderInput = z.input<typeof createOrderSchema>;
export type ListOrdersQuery = { status?: Order['status']; externalId?: string; limit?: number; cursor?: string };
export type LocationsQuery = { zip?: string; lat?: number; lng?: number; radiusMiles?: number; limit?: number };

export class PartnerApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: Record<string, unknown> | undefined,
    /** Retrying with the SAME Idempotency-Key (and body) is the safe next step. */
    readonly retryable: boolean,
    readonly idempotencyKey?: string,
  ) {
    super(message);
  }
}

/** The spec's retry table: these answers mean "retry with the same key and the same body". */
const RETRY_SAME_KEY = new Set([
  'idempotency_in_progress',
  'payment_in_flight',
  'internal_error',
  'payment_provider_error',
  'payment_pending',
]);

export interface PartnerClientOptions {
  baseUrl: string;
  apiKey: string;
  /** Attempts per createOrder call before giving up (the key stays valid for 24 hours). */
  maxAttempts?: number;
  /** Wait before retry n (1-based). Default: 1 s, 2 s, 4 s... capped at 30 s. */
  backoffMs?: (attempt: number) => number;
  sleep?: (ms: number) => Promise<void>;
  fetch?: typeof fetch;
}

export class PartnerClient {
  private readonly base: string;
  private readonly doFetch: typeof fetch;
  private readonly sleep: (ms: number) => Promise<void>;

  constructor(private readonly options: PartnerClientOptions) {
    this.base = `${options.baseUrl.replace(/\/$/, '')}/api/v1`;
    this.doFetch = options.fetch ?? fetch;
    this.sleep = options.sleep ?? ((ms) => new Promise((r) => setTimeout(r, ms)));
  }

  private async request<T>(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<{ status: number; body: T }> {
    const res = await this.doFetch(`${this.base}${path}`, {
      method,
      headers: {
        Authorization: `Bearer ${this.options.apiKey}`,
        ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}),
        ...headers,
      },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    const text = await res.text();
    return { status: res.status, body: (text ? JSON.parse(text) : null) as T };
  }

  private async call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const res = await this.request<
      T & { error?: { code: string; message: string; details?: Record<string, unknown> } }
    >(method, path, body);
    if (res.status >= 400) {
      const e = res.body?.error;
      throw new PartnerApiError(
        res.status,
        e?.code ?? 'unknown',
        e?.message ?? `HTTP ${res.status}`,
        e?.details,
        false,
      );
    }
    return res.body;
  }

  /**
   * Places an order. One Idempotency-Key per logical order (pass your own to resume a call that
   * gave up), reused on every retry the spec allows, so a retry can never charge twice.
   */
  async createOrder(input: CreateOrderInput, opts: { idempotencyKey?: string } = {}): Promise<Order> {
    const key = opts.idempotencyKey ?? randomUUID();
    const attempts = this.options.maxAttempts ?? 6;
    for (let attempt = 1; ; attempt++) {
      const res = await this.request<
        Order & { error?: { code: string; message: string; details?: Record<string, unknown> } }
      >('POST', '/orders', input, { 'Idempotency-Key': key });
      if (res.status === 201) return res.body;
      const e = res.body?.error;
      const code = e?.code ?? 'unknown';
      const retryable = RETRY_SAME_KEY.has(code);
      if (!retryable || attempt >= attempts)
        throw new PartnerApiError(res.status, code, e?.message ?? `HTTP ${res.status}`, e?.details, retryable, key);
      await this.sleep(this.options.backoffMs?.(attempt) ?? Math.min(30_000, 1000 * 2 ** (attempt - 1)));
    }
  }

  getOrder(id: string): Promise<Order> {
    return this.call('GET', `/orders/${encodeURIComponent(id)}`);
  }

  cancelOrder(id: string): Promise<Order> {
    return this.call('DELETE', `/orders/${encodeURIComponent(id)}`);
  }

  listOrders(query: ListOrdersQuery = {}): Promise<OrderList> {
    return this.call('GET', `/orders${qs(query)}`);
  }

  /** Every order matching the filters, following nextCursor until it is null (pages may be empty). */
  async *allOrders(query: Omit<ListOrdersQuery, 'cursor'> = {}): AsyncGenerator<Order> {
    let cursor: string | null = null;
    do {
      const page: OrderList = await this.listOrders({ ...query, ...(cursor ? { cursor } : {}) });
      yield* page.data;
      cursor = page.nextCursor;
    } while (cursor !== null);
  }

  getCatalog(): Promise<Catalog> {
    return this.call('GET', '/catalog');
  }

  findLocations(query: LocationsQuery): Promise<Locations> {
    return this.call('GET', `/locations${qs(query)}`);
  }

  getRequisition(id: string): Promise<SignedDocument> {
    return this.call('GET', `/orders/${encodeURIComponent(id)}/requisition`);
  }

  getResults(id: string): Promise<Results> {
    return this.call('GET', `/orders/${encodeURIComponent(id)}/results`);
  }

  listDeliveries(query: { orderId?: string; status?: string } = {}): Promise<Deliveries> {
    return this.call('GET', `/webhooks/deliveries${qs(query)}`);
  }

  /** Verifies a webhook against its RAW body (see the README). */
  static verifyWebhook(
    rawBody: string | Buffer,
    signatureHeader: string | undefined,
    secret: string | string[],
    nowSeconds = Math.floor(Date.now() / 1000),
  ): boolean {
    return verifySignature({ rawBody, header: signatureHeader, secret, nowSeconds }).ok;
  }
}

function qs(query: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null) params.set(k, String(v));
  const s = params.toString();
  return s ? `?${s}` : '';
}
