// The every-Lambda bench's request table: one real request per handler module, by API surface.
// Requests that change state get what they change, fresh (an order to cancel, a key to revoke...).
import { createHmac, randomUUID } from 'node:crypto';
import { routeEvent } from './cold-start.js';
import { BENCH_PATIENT, COLD_SECRETS, JSON_HEADERS, type BenchContext, type Fixtures } from './fixtures.js';
import { csrfToken, newSession, sealSession } from '../../shared/domain/dashboard-session.js';
import { SESSION_COOKIE } from '../../shared/http/dashboard-handler.js';
import { SERVICE_CONFIG } from '../../shared/config/service-config.js';
import { withPlacerField1 } from '../../infra/local/lab-simulator/placer-field.js';

type Requests = Record<string, () => unknown>;
type PartnerAuth = { partnerId: string; keyId: string };

// The requests the headline cold starts share with the table.
export const mcpToolsList = () =>
  routeEvent('lambdas/mcp/handler.ts', '/mcp', {
    headers: { ...JSON_HEADERS, Accept: 'application/json, text/event-stream' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
  });
export const orderCreation = (authorizer: PartnerAuth) =>
  routeEvent('lambdas/partner/orders-create.ts', '/api/v1/orders', {
    authorizer,
    headers: { ...JSON_HEADERS, 'Idempotency-Key': randomUUID() },
    body: JSON.stringify({ patient: BENCH_PATIENT, items: [{ id: 'cbc' }] }),
  });
export const drawSiteSearch = (authorizer: PartnerAuth) =>
  routeEvent('lambdas/partner/locations.ts', '/api/v1/locations?zip=78701', { authorizer });

const get = (entry: string, target: string) => () => routeEvent(entry, target);

function publicRequests(): Requests {
  return {
    'lambdas/public/healthz.ts': get('lambdas/public/healthz.ts', '/healthz'),
    'lambdas/public/quote.ts': get('lambdas/public/quote.ts', '/api/public/v1/quote?items=cbc,lipid-panel&state=CA'),
    'lambdas/public/availability.ts': get(
      'lambdas/public/availability.ts',
      '/api/public/v1/availability?state=CA&item=cbc',
    ),
    'lambdas/public/tests.ts': get('lambdas/public/tests.ts', '/api/tests'),
    'lambdas/public/openapi.ts': get('lambdas/public/openapi.ts', '/api/public/v1/openapi.json'),
    'lambdas/partner/openapi.ts': get('lambdas/partner/openapi.ts', '/api/v1/openapi.json'),
    'lambdas/public/catalog-compact.ts': get('lambdas/public/catalog-compact.ts', '/api/catalog'),
    'lambdas/mcp/handler.ts': mcpToolsList,
    // A Stripe event signed as Stripe signs one (t=..., v1=HMAC-SHA256 of "t.payload").
    'lambdas/public/stripe-webhook.ts': () => {
      const payload = JSON.stringify({
        id: `evt_bench_${randomUUID()}`,
        object: 'event',
        type: 'customer.created',
        created: Math.floor(Date.now() / 1000),
        data: { object: { id: 'cus_bench', object: 'customer' } },
      });
      const t = Math.floor(Date.now() / 1000);
      const v1 = createHmac('sha256', COLD_SECRETS.STRIPE_WEBHOOK_SECRET).update(`${t}.${payload}`).digest('hex');
      return routeEvent('lambdas/public/stripe-webhook.ts', '/stripe/webhook', {
        headers: { ...JSON_HEADERS, 'Stripe-Signature': `t=${t},v1=${v1}` },
        body: payload,
      });
    },
  };
}

function pageRequests(f: Fixtures): Requests {
  // A dashboard session for the bench partner, sealed as the login page seals one.
  const session = newSession(f.partnerId, f.keyId, new Date(), SERVICE_CONFIG.dashboardSessionMinutes);
  const Cookie = `${SESSION_COOKIE}=${sealSession(COLD_SECRETS.CURSOR_SECRET, session)}`;
  return {
    'lambdas/pages/home.ts': get('lambdas/pages/home.ts', '/'),
    'lambdas/pages/tests-list.ts': get('lambdas/pages/tests-list.ts', '/tests'),
    'lambdas/pages/item.ts': get('lambdas/pages/item.ts', '/tests/cbc'),
    'lambdas/pages/cart.ts': get('lambdas/pages/cart.ts', '/cart?items=cbc,lipid-panel&state=CA'),
    'lambdas/pages/cart-handoff.ts': get('lambdas/pages/cart-handoff.ts', '/cart/handoff?items=cbc'),
    'lambdas/pages/llms.ts': get('lambdas/pages/llms.ts', '/llms.txt'),
    'lambdas/pages/docs.ts': get('lambdas/pages/docs.ts', '/docs'),
    'lambdas/pages/login.ts': get('lambdas/pages/login.ts', '/login'),
    'lambdas/pages/info.ts': get('lambdas/pages/info.ts', '/checkout'),
    'lambdas/pages/docs-assets.ts': get('lambdas/pages/docs-assets.ts', '/docs/assets/reference.js'),
    'lambdas/dashboard/pages.ts': () =>
      routeEvent('lambdas/dashboard/pages.ts', '/dashboard/keys', { headers: { Cookie } }),
    'lambdas/dashboard/actions.ts': () =>
      routeEvent('lambdas/dashboard/actions.ts', '/dashboard/webhooks', {
        headers: { Cookie, 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ action: 'test', csrf: csrfToken(COLD_SECRETS.CURSOR_SECRET, session) }).toString(),
      }),
  };
}

function partnerRequests({ f, newOrder }: BenchContext): Requests {
  const auth = { partnerId: f.partnerId, keyId: f.keyId };
  const route = (entry: string, target: string, opts: { body?: unknown } = {}) =>
    routeEvent(entry, target, {
      authorizer: auth,
      headers: JSON_HEADERS,
      ...(opts.body !== undefined ? { body: JSON.stringify(opts.body) } : {}),
    });
  return {
    'lambdas/partner/catalog.ts': () => route('lambdas/partner/catalog.ts', '/api/v1/catalog'),
    'lambdas/partner/locations.ts': () => drawSiteSearch(auth),
    'lambdas/partner/orders-create.ts': () => orderCreation(auth),
    'lambdas/partner/orders-list.ts': () => route('lambdas/partner/orders-list.ts', '/api/v1/orders?limit=25'),
    'lambdas/partner/orders-get.ts': () => route('lambdas/partner/orders-get.ts', `/api/v1/orders/${f.placedOrderId}`),
    'lambdas/partner/orders-cancel.ts': async () =>
      route('lambdas/partner/orders-cancel.ts', `/api/v1/orders/${await newOrder()}`),
    'lambdas/partner/orders-requisition.ts': () =>
      route('lambdas/partner/orders-requisition.ts', `/api/v1/orders/${f.placedOrderId}/requisition`),
    'lambdas/partner/orders-results.ts': () =>
      route('lambdas/partner/orders-results.ts', `/api/v1/orders/${f.reportedOrderId}/results`),
    'lambdas/partner/webhooks-deliveries.ts': () =>
      route('lambdas/partner/webhooks-deliveries.ts', '/api/v1/webhooks/deliveries'),
    'lambdas/partner/webhooks-replay.ts': () =>
      route('lambdas/partner/webhooks-replay.ts', `/api/v1/webhooks/deliveries/${f.deliveryId}/replay`),
    'lambdas/partner/webhooks-test.ts': () => route('lambdas/partner/webhooks-test.ts', '/api/v1/webhooks/test'),
    'lambdas/partner/sandbox-advance.ts': async () =>
      route('lambdas/partner/sandbox-advance.ts', `/api/v1/sandbox/orders/${await newOrder()}/advance`),
    'lambdas/partner/sandbox-simulate.ts': async () =>
      route('lambdas/partner/sandbox-simulate.ts', `/api/v1/sandbox/orders/${await newOrder()}/simulate`, {
        body: { scenario: 'external_draft' },
      }),
  };
}

function operatorRequests({ f, call, newOrder, advance, oru }: BenchContext): Requests {
  const route = (entry: string, target: string, body?: unknown, headers: Record<string, string> = JSON_HEADERS) =>
    routeEvent(entry, target, {
      headers,
      ...(body !== undefined ? { body: typeof body === 'string' ? body : JSON.stringify(body) } : {}),
    });
  const partner = `/admin/v1/partners/${f.partnerId}`;
  // The lab's results message, for a fresh order whose requisition is out.
  const ingest = (entry: string, target: string) => async () => {
    const id = await newOrder();
    await advance(id);
    // As a lab returns it: OBR-18 carries back the partner id our order message put there.
    const message = withPlacerField1(oru.replaceAll('ORD666555', id), f.partnerId);
    return route(entry, target, message, { 'Content-Type': 'application/hl7-v2' });
  };
  return {
    'lambdas/admin/partners-create.ts': () =>
      route('lambdas/admin/partners-create.ts', '/admin/v1/partners', { name: 'Cold start' }),
    'lambdas/admin/partners-get.ts': () => route('lambdas/admin/partners-get.ts', partner),
    'lambdas/admin/partners-update.ts': () =>
      route('lambdas/admin/partners-update.ts', partner, { name: 'Cold start bench' }),
    'lambdas/admin/keys-create.ts': () =>
      route('lambdas/admin/keys-create.ts', `${partner}/keys`, { environment: 'test' }),
    'lambdas/admin/keys-revoke.ts': async () => {
      const spare = await call(`${partner}/keys`, { method: 'POST', body: { environment: 'test' } });
      return route('lambdas/admin/keys-revoke.ts', `${partner}/keys/${spare.id as string}`);
    },
    'lambdas/admin/webhook-secret.ts': () => route('lambdas/admin/webhook-secret.ts', `${partner}/webhook-secret`),
    'lambdas/admin/deliveries-list.ts': () =>
      route('lambdas/admin/deliveries-list.ts', `/admin/v1/deliveries?partnerId=${f.partnerId}`),
    'lambdas/admin/deliveries-replay.ts': () =>
      route('lambdas/admin/deliveries-replay.ts', `/admin/v1/deliveries/${f.deliveryId}/replay`),
    'lambdas/admin/lab-oru.ts': ingest('lambdas/admin/lab-oru.ts', '/admin/v1/lab/oru'),
    'lambdas/admin/partners-list.ts': () => route('lambdas/admin/partners-list.ts', '/admin/v1/partners'),
    'lambdas/admin/audit-list.ts': () =>
      route('lambdas/admin/audit-list.ts', `/admin/v1/audit?partnerId=${f.partnerId}`),
    'lambdas/admin/openapi.ts': () => route('lambdas/admin/openapi.ts', '/admin/v1/openapi.json'),
    'lambdas/lab/oru.ts': ingest('lambdas/lab/oru.ts', '/lab/v1/oru'),
    'lambdas/admin/orders-results-upload.ts': async () => {
      const id = await newOrder();
      await advance(id); // results are for a placed order
      return route('lambdas/admin/orders-results-upload.ts', `/admin/v1/orders/${id}/results`, {
        analytes: [
          {
            name: 'TSH',
            labTestCode: '3016-3',
            value: 2.1,
            unit: 'uIU/mL',
            referenceRange: '0.45-4.5',
            unordered: true,
          },
        ],
      });
    },
  };
}

/** One real request per handler module the HTTP APIs, pages and MCP server deploy. */
export const coldRequests = (ctx: BenchContext): Requests => ({
  ...publicRequests(),
  ...pageRequests(ctx.f),
  ...partnerRequests(ctx),
  ...operatorRequests(ctx),
});
