// Cold-start cases for every Lambda the stack deploys: each with a real request that makes the
// handler do its work against the running local runtime (an order to cancel, a requisition to sign,
// an ORU message to ingest...). Requests that change something get fresh fixtures per run.
import { createHmac, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { routeEvent, type ColdStartCase } from './cold-start.js';
import { lambdaEntries } from '../bundle-report.js';
import { BACKGROUND } from '../../shared/manifest/index.js';
import { csrfToken, newSession, sealSession } from '../../shared/domain/dashboard-session.js';
import { SESSION_COOKIE } from '../../shared/http/dashboard-handler.js';
import { SERVICE_CONFIG } from '../../shared/config/service-config.js';

/** Secrets the cold-started functions run with (the bench signs dashboard sessions and Stripe events with them). */
export const COLD_SECRETS = {
  CURSOR_SECRET: 'bench-cursor-secret-0123456789abcdef',
  STRIPE_WEBHOOK_SECRET: 'whsec_bench_cold_start_0123456789',
};

export interface Service {
  url: string;
  adminToken: string;
}

interface Fixtures {
  partnerId: string;
  keyId: string;
  key: string;
  placedOrderId: string;
  reportedOrderId: string;
  deliveryId: string;
}

const patient = {
  firstName: 'Bench',
  lastName: 'Mark',
  dateOfBirth: '1980-01-01',
  sex: 'female',
  address: { line1: '1 Main St', city: 'Austin', state: 'TX', zip: '78701' },
};
const json = { 'Content-Type': 'application/json' };

/** A webhook receiver that accepts everything, so deliveries and test events succeed. */
export async function startReceiver(): Promise<{ url: string; origin: string; stop(): void }> {
  const server = createServer((req, res) => req.resume().on('end', () => res.writeHead(200).end('ok')));
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url: `${origin}/hooks`, origin, stop: () => server.close() };
}

export async function everyLambdaCases(root: string, service: Service, receiverUrl: string): Promise<ColdStartCase[]> {
  const call = async (
    path: string,
    init: { method?: string; body?: unknown; key?: string; idempotencyKey?: string } = {},
  ) => {
    const res = await fetch(`${service.url}${path}`, {
      method: init.method ?? 'GET',
      headers: {
        ...json,
        Authorization: `Bearer ${init.key ?? service.adminToken}`,
        ...(init.idempotencyKey ? { 'Idempotency-Key': init.idempotencyKey } : {}),
      },
      ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
    });
    const body = (await res.json()) as Record<string, unknown>;
    if (res.status >= 300)
      throw new Error(`bench fixture ${init.method ?? 'GET'} ${path}: ${res.status} ${JSON.stringify(body)}`);
    return body;
  };
  const partner = await call('/admin/v1/partners', {
    method: 'POST',
    body: { name: 'Cold start bench', paymentMethod: 'pm_card_visa', webhookUrl: receiverUrl },
  });
  const issued = await call(`/admin/v1/partners/${partner.id}/keys`, { method: 'POST', body: { environment: 'test' } });
  const f: Fixtures = {
    partnerId: partner.id as string,
    keyId: issued.id as string,
    key: issued.key as string,
    placedOrderId: '',
    reportedOrderId: '',
    deliveryId: '',
  };
  const newOrder = async () =>
    (
      await call('/api/v1/orders', {
        method: 'POST',
        key: f.key,
        idempotencyKey: randomUUID(),
        body: { patient, items: [{ id: 'cbc' }] },
      })
    ).id as string;
  const advance = (id: string) => call(`/api/v1/sandbox/orders/${id}/advance`, { method: 'POST', key: f.key });
  f.placedOrderId = await newOrder();
  await advance(f.placedOrderId);
  f.reportedOrderId = await newOrder();
  await advance(f.reportedOrderId);
  await advance(f.reportedOrderId);
  const deliveries = (await call(`/api/v1/webhooks/deliveries?orderId=${f.placedOrderId}`, { key: f.key }))
    .data as Array<{ id: string }>;
  f.deliveryId = deliveries[0]?.id as string;
  const oru = readFileSync(join(root, 'test/fixtures/hl7/05-nist-lri-cbc-flags-n-l-hh-a-v251.hl7'), 'latin1');

  const auth = { partnerId: f.partnerId, keyId: f.keyId };
  const partnerRoute = (
    entry: string,
    target: string,
    opts: { body?: unknown; headers?: Record<string, string> } = {},
  ) =>
    routeEvent(entry, target, {
      authorizer: auth,
      headers: { ...json, ...opts.headers },
      ...(opts.body !== undefined ? { body: JSON.stringify(opts.body) } : {}),
    });
  const operatorRoute = (entry: string, target: string, body?: unknown, headers: Record<string, string> = json) =>
    routeEvent(entry, target, {
      headers,
      ...(body !== undefined ? { body: typeof body === 'string' ? body : JSON.stringify(body) } : {}),
    });

  // A dashboard session for the bench partner, sealed as the login page seals one.
  const session = newSession(f.partnerId, f.keyId, new Date(), SERVICE_CONFIG.dashboardSessionMinutes);
  const dashboard = {
    Cookie: `${SESSION_COOKIE}=${sealSession(COLD_SECRETS.CURSOR_SECRET, session)}`,
    csrf: csrfToken(COLD_SECRETS.CURSOR_SECRET, session),
  };
  // A Stripe event signed as Stripe signs one (t=..., v1=HMAC-SHA256 of "t.payload").
  const stripeEvent = () => {
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
      headers: { ...json, 'Stripe-Signature': `t=${t},v1=${v1}` },
      body: payload,
    });
  };

  // One real request per handler module. Those that change state get what they change, fresh.
  const requests: Record<string, () => unknown> = {
    'lambdas/public/healthz.ts': () => routeEvent('lambdas/public/healthz.ts', '/healthz'),
    'lambdas/public/quote.ts': () =>
      routeEvent('lambdas/public/quote.ts', '/api/public/v1/quote?items=cbc,lipid-panel&state=CA'),
    'lambdas/public/availability.ts': () =>
      routeEvent('lambdas/public/availability.ts', '/api/public/v1/availability?state=CA&item=cbc'),
    'lambdas/public/tests.ts': () => routeEvent('lambdas/public/tests.ts', '/api/tests'),
    'lambdas/public/openapi.ts': () => routeEvent('lambdas/public/openapi.ts', '/api/public/v1/openapi.json'),
    'lambdas/partner/openapi.ts': () => routeEvent('lambdas/partner/openapi.ts', '/api/v1/openapi.json'),
    'lambdas/public/catalog-compact.ts': () => routeEvent('lambdas/public/catalog-compact.ts', '/api/catalog'),
    'lambdas/pages/home.ts': () => routeEvent('lambdas/pages/home.ts', '/'),
    'lambdas/pages/tests-list.ts': () => routeEvent('lambdas/pages/tests-list.ts', '/tests'),
    'lambdas/pages/item.ts': () => routeEvent('lambdas/pages/item.ts', '/tests/cbc'),
    'lambdas/pages/cart.ts': () => routeEvent('lambdas/pages/cart.ts', '/cart?items=cbc,lipid-panel&state=CA'),
    'lambdas/pages/cart-handoff.ts': () => routeEvent('lambdas/pages/cart-handoff.ts', '/cart/handoff?items=cbc'),
    'lambdas/pages/llms.ts': () => routeEvent('lambdas/pages/llms.ts', '/llms.txt'),
    'lambdas/pages/docs.ts': () => routeEvent('lambdas/pages/docs.ts', '/docs'),
    'lambdas/pages/login.ts': () => routeEvent('lambdas/pages/login.ts', '/login'),
    'lambdas/mcp/handler.ts': () =>
      routeEvent('lambdas/mcp/handler.ts', '/mcp', {
        headers: { ...json, Accept: 'application/json, text/event-stream' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
      }),
    'lambdas/partner/catalog.ts': () => partnerRoute('lambdas/partner/catalog.ts', '/api/v1/catalog'),
    'lambdas/partner/locations.ts': () => partnerRoute('lambdas/partner/locations.ts', '/api/v1/locations?zip=78701'),
    'lambdas/partner/orders-create.ts': () =>
      partnerRoute('lambdas/partner/orders-create.ts', '/api/v1/orders', {
        headers: { 'Idempotency-Key': randomUUID() },
        body: { patient, items: [{ id: 'cbc' }] },
      }),
    'lambdas/partner/orders-list.ts': () => partnerRoute('lambdas/partner/orders-list.ts', '/api/v1/orders?limit=25'),
    'lambdas/partner/orders-get.ts': () =>
      partnerRoute('lambdas/partner/orders-get.ts', `/api/v1/orders/${f.placedOrderId}`),
    'lambdas/partner/orders-cancel.ts': async () =>
      partnerRoute('lambdas/partner/orders-cancel.ts', `/api/v1/orders/${await newOrder()}`),
    'lambdas/partner/orders-requisition.ts': () =>
      partnerRoute('lambdas/partner/orders-requisition.ts', `/api/v1/orders/${f.placedOrderId}/requisition`),
    'lambdas/partner/orders-results.ts': () =>
      partnerRoute('lambdas/partner/orders-results.ts', `/api/v1/orders/${f.reportedOrderId}/results`),
    'lambdas/partner/webhooks-deliveries.ts': () =>
      partnerRoute('lambdas/partner/webhooks-deliveries.ts', '/api/v1/webhooks/deliveries'),
    'lambdas/partner/webhooks-replay.ts': () =>
      partnerRoute('lambdas/partner/webhooks-replay.ts', `/api/v1/webhooks/deliveries/${f.deliveryId}/replay`),
    'lambdas/partner/webhooks-test.ts': () => partnerRoute('lambdas/partner/webhooks-test.ts', '/api/v1/webhooks/test'),
    'lambdas/partner/sandbox-advance.ts': async () =>
      partnerRoute('lambdas/partner/sandbox-advance.ts', `/api/v1/sandbox/orders/${await newOrder()}/advance`),
    'lambdas/partner/sandbox-simulate.ts': async () =>
      partnerRoute('lambdas/partner/sandbox-simulate.ts', `/api/v1/sandbox/orders/${await newOrder()}/simulate`, {
        body: { scenario: 'external_draft' },
      }),
    'lambdas/admin/partners-create.ts': () =>
      operatorRoute('lambdas/admin/partners-create.ts', '/admin/v1/partners', { name: 'Cold start' }),
    'lambdas/admin/partners-get.ts': () =>
      operatorRoute('lambdas/admin/partners-get.ts', `/admin/v1/partners/${f.partnerId}`),
    'lambdas/admin/partners-update.ts': () =>
      operatorRoute('lambdas/admin/partners-update.ts', `/admin/v1/partners/${f.partnerId}`, {
        name: 'Cold start bench',
      }),
    'lambdas/admin/keys-create.ts': () =>
      operatorRoute('lambdas/admin/keys-create.ts', `/admin/v1/partners/${f.partnerId}/keys`, {
        environment: 'test',
      }),
    'lambdas/admin/keys-revoke.ts': async () => {
      const spare = await call(`/admin/v1/partners/${f.partnerId}/keys`, {
        method: 'POST',
        body: { environment: 'test' },
      });
      return operatorRoute(
        'lambdas/admin/keys-revoke.ts',
        `/admin/v1/partners/${f.partnerId}/keys/${spare.id as string}`,
      );
    },
    'lambdas/admin/webhook-secret.ts': () =>
      operatorRoute('lambdas/admin/webhook-secret.ts', `/admin/v1/partners/${f.partnerId}/webhook-secret`),
    'lambdas/admin/deliveries-list.ts': () =>
      operatorRoute('lambdas/admin/deliveries-list.ts', `/admin/v1/deliveries?partnerId=${f.partnerId}`),
    'lambdas/admin/deliveries-replay.ts': () =>
      operatorRoute('lambdas/admin/deliveries-replay.ts', `/admin/v1/deliveries/${f.deliveryId}/replay`),
    'lambdas/admin/lab-oru.ts': async () => {
      const id = await newOrder();
      await advance(id);
      return operatorRoute('lambdas/admin/lab-oru.ts', '/admin/v1/lab/oru', oru.replaceAll('ORD666555', id), {
        'Content-Type': 'application/hl7-v2',
      });
    },
    'lambdas/admin/partners-list.ts': () => operatorRoute('lambdas/admin/partners-list.ts', '/admin/v1/partners'),
    'lambdas/admin/audit-list.ts': () =>
      operatorRoute('lambdas/admin/audit-list.ts', `/admin/v1/audit?partnerId=${f.partnerId}`),
    'lambdas/admin/openapi.ts': () => operatorRoute('lambdas/admin/openapi.ts', '/admin/v1/openapi.json'),
    'lambdas/lab/oru.ts': async () => {
      const id = await newOrder();
      await advance(id);
      return operatorRoute('lambdas/lab/oru.ts', '/lab/v1/oru', oru.replaceAll('ORD666555', id), {
        'Content-Type': 'application/hl7-v2',
      });
    },
    'lambdas/public/stripe-webhook.ts': stripeEvent,
    'lambdas/pages/info.ts': () => routeEvent('lambdas/pages/info.ts', '/checkout'),
    'lambdas/pages/docs-assets.ts': () => routeEvent('lambdas/pages/docs-assets.ts', '/docs/assets/reference.js'),
    'lambdas/dashboard/pages.ts': () =>
      routeEvent('lambdas/dashboard/pages.ts', '/dashboard/keys', { headers: { Cookie: dashboard.Cookie } }),
    'lambdas/dashboard/actions.ts': () =>
      routeEvent('lambdas/dashboard/actions.ts', '/dashboard/webhooks', {
        headers: { Cookie: dashboard.Cookie, 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ action: 'test', csrf: dashboard.csrf }).toString(),
      }),
    'lambdas/admin/orders-results-upload.ts': async () => {
      const id = await newOrder();
      await advance(id); // results are for a placed order
      return operatorRoute('lambdas/admin/orders-results-upload.ts', `/admin/v1/orders/${id}/results`, {
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
  const authorizerCase: ColdStartCase = {
    name: 'partner authorizer',
    entry: BACKGROUND.authorizer.entry,
    event: () => ({
      type: 'REQUEST',
      methodArn: 'arn:aws:execute-api:us-east-1:000000000000:bench/v1/GET/api/v1/orders',
      headers: { Authorization: `Bearer ${f.key}` },
    }),
    ok: (a) => a.context?.partnerId === f.partnerId,
  };
  const ops: ColdStartCase[] = [
    {
      name: 'placement sweep (with recovery)',
      entry: BACKGROUND.scheduleTargets.placement.function.entry,
      event: () => ({ sweep: true }),
      ok: (a) => a.keys.includes('placed') && a.keys.includes('recovered'),
    },
    {
      name: 'webhook retry cron',
      entry: BACKGROUND.rules['webhook-retry-sweep']?.function.entry as string,
      event: () => ({}),
      ok: (a) => a.keys.includes('queued'),
    },
    {
      name: 'webhook worker',
      entry: BACKGROUND.queues.webhookRetries.consumer.entry,
      event: () => ({
        Records: [
          { messageId: 'm1', body: JSON.stringify({ deliveryId: f.deliveryId, dueAt: new Date().toISOString() }) },
        ],
      }),
      ok: (a) => a.failures === 0,
    },
    {
      name: 'settlement sweep',
      entry: BACKGROUND.rules['settlement-sweep']?.function.entry as string,
      event: () => ({}),
      ok: (a) => a.keys.includes('settled'),
    },
    {
      name: 'catalogue seed',
      entry: BACKGROUND.customResources.catalogSeed.function.entry,
      event: () => ({ RequestType: 'Create' }),
      ok: (a) => a.keys.includes('PhysicalResourceId'),
    },
    {
      // The AWS sandbox's results schedule target, on an order whose requisition is out.
      name: 'simulated results (sandbox schedule target)',
      entry: BACKGROUND.scheduleTargets.simulatedResults.function.entry,
      event: () => ({ orderId: f.placedOrderId }),
      ok: (a) => a.keys.includes('outcome'),
    },
  ];
  const covered = new Set([...Object.keys(requests), authorizerCase.entry, ...ops.map((o) => o.entry)]);
  const missing = lambdaEntries().filter((e) => !covered.has(e));
  if (missing.length) throw new Error(`no cold-start request for: ${missing.join(', ')}`);
  const stale = Object.keys(requests).filter((e) => !lambdaEntries().includes(e));
  if (stale.length)
    throw new Error(`cold-start requests for functions the stack no longer deploys: ${stale.join(', ')}`);
  return [
    ...Object.entries(requests).map(([entry, event]): ColdStartCase => ({
      name: entry.replace(/^lambdas\//, '').replace(/\.ts$/, ''),
      entry,
      event,
    })),
    authorizerCase,
    ...ops,
  ];
}
