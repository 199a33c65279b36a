import type { Route } from './types.js';
import { PAGE_ROUTES } from './page-routes.js';
import {
  operator,
  ORDERS_WRITE,
  OPERATOR,
  OWN_ORDERS_READ,
  PARTNER_ADMIN,
  partner,
  PARTNER_READ,
  PUBLIC_READ,
  WAITS_ON_OTHERS,
} from './route-builders.js';

// The HTTP half of the function manifest (shared/manifest/index.ts): THE route table. The CDK stack
// and the local server both read it, so the routes that run locally are exactly the routes deployed to AWS.

export { SCALAR_STANDALONE } from './page-routes.js';

export const ROUTES: readonly Route[] = [
  // Stripe's signed events: the signature is the credential; not rate limited, no CORS.
  {
    method: 'POST',
    path: '/stripe/webhook',
    entry: 'lambdas/public/stripe-webhook.ts',
    fn: 'StripeWebhook',
    auth: 'none',
    api: 'public',
    tables: { orders: 'readWrite', idempotency: 'readWrite', partners: 'read' },
    secrets: ['stripeWebhook'],
  },
  {
    method: 'GET',
    path: '/healthz',
    entry: 'lambdas/public/healthz.ts',
    fn: 'Healthz',
    auth: 'none',
    api: 'public',
    tables: {},
  },
  {
    method: 'GET',
    path: '/api/public/v1/quote',
    entry: 'lambdas/public/quote.ts',
    fn: 'PublicQuote',
    auth: 'none',
    api: 'public',
    tables: PUBLIC_READ,
  },
  {
    method: 'GET',
    path: '/api/public/v1/availability',
    entry: 'lambdas/public/availability.ts',
    fn: 'PublicAvailability',
    auth: 'none',
    api: 'public',
    tables: PUBLIC_READ,
  },
  {
    method: 'GET',
    path: '/api/tests',
    entry: 'lambdas/public/tests.ts',
    fn: 'PublicTests',
    auth: 'none',
    api: 'public',
    tables: PUBLIC_READ,
  },

  {
    method: 'GET',
    path: '/api/public/v1/openapi.json',
    entry: 'lambdas/public/openapi.ts',
    fn: 'PublicOpenApi',
    auth: 'none',
    api: 'public',
    tables: { rateLimits: 'readWrite' },
  },
  {
    method: 'GET',
    path: '/api/v1/openapi.json',
    entry: 'lambdas/partner/openapi.ts',
    fn: 'PartnerOpenApi',
    auth: 'none',
    api: 'partner',
    tables: {},
  },
  {
    method: 'GET',
    path: '/api/catalog',
    entry: 'lambdas/public/catalog-compact.ts',
    fn: 'PublicCatalogCompact',
    auth: 'none',
    api: 'public',
    tables: PUBLIC_READ,
  },

  ...PAGE_ROUTES,

  // The MCP server: a Lambda function URL in AWS, /mcp on the local origin.
  {
    method: 'POST',
    path: '/mcp',
    entry: 'lambdas/mcp/handler.ts',
    fn: 'Mcp',
    auth: 'none',
    api: 'mcp',
    tables: { catalog: 'read' },
  },

  partner('GET', '/catalog', 'catalog', 'PartnerCatalog', { catalog: 'read', partners: 'read' }),
  partner('GET', '/locations', 'locations', 'PartnerLocations', {}),
  {
    ...partner('POST', '/orders', 'orders-create', 'PartnerOrdersCreate', {
      ...ORDERS_WRITE,
      idempotency: 'readWrite',
    }),
    secrets: ['stripe'],
    timeoutSeconds: WAITS_ON_OTHERS,
    schedules: ['placement'],
    alarmed: true,
  },
  { ...partner('GET', '/orders', 'orders-list', 'PartnerOrdersList', PARTNER_READ), secrets: ['cursor'] },
  partner('GET', '/orders/{id}', 'orders-get', 'PartnerOrdersGet', OWN_ORDERS_READ),
  {
    ...partner('DELETE', '/orders/{id}', 'orders-cancel', 'PartnerOrdersCancel', ORDERS_WRITE),
    secrets: ['stripe'],
    timeoutSeconds: WAITS_ON_OTHERS,
  },
  {
    ...partner('GET', '/orders/{id}/requisition', 'orders-requisition', 'PartnerOrdersRequisition', OWN_ORDERS_READ),
    documents: 'read',
  },
  {
    ...partner('GET', '/orders/{id}/results', 'orders-results', 'PartnerOrdersResults', OWN_ORDERS_READ),
    documents: 'read',
  },
  partner('GET', '/webhooks/deliveries', 'webhooks-deliveries', 'WebhooksDeliveries', { orders: 'read' }),
  {
    ...partner('POST', '/webhooks/deliveries/{id}/replay', 'webhooks-replay', 'WebhooksReplay', {
      orders: 'readWrite',
      partners: 'read',
    }),
    timeoutSeconds: WAITS_ON_OTHERS,
  },
  {
    ...partner('POST', '/webhooks/test', 'webhooks-test', 'WebhooksTest', { orders: 'read', partners: 'read' }),
    timeoutSeconds: WAITS_ON_OTHERS,
  },
  {
    ...partner('POST', '/sandbox/orders/{id}/advance', 'sandbox-advance', 'SandboxAdvance', ORDERS_WRITE),
    documents: 'readWrite',
    schedules: ['simulatedResults'],
    sandboxOnly: true,
    timeoutSeconds: WAITS_ON_OTHERS,
  },
  {
    ...partner('POST', '/sandbox/orders/{id}/simulate', 'sandbox-simulate', 'SandboxSimulate', ORDERS_WRITE),
    documents: 'readWrite',
    schedules: ['simulatedResults'],
    sandboxOnly: true,
    timeoutSeconds: WAITS_ON_OTHERS,
  },

  { ...operator('POST', '/partners', 'partners-create', 'AdminPartnersCreate', PARTNER_ADMIN), usagePlanKeys: true },
  operator('GET', '/partners/{id}', 'partners-get', 'AdminPartnersGet', { partners: 'read' }),
  operator('PATCH', '/partners/{id}', 'partners-update', 'AdminPartnersUpdate', PARTNER_ADMIN),
  operator('POST', '/partners/{id}/keys', 'keys-create', 'AdminKeysCreate', PARTNER_ADMIN),
  operator('DELETE', '/partners/{id}/keys/{keyId}', 'keys-revoke', 'AdminKeysRevoke', PARTNER_ADMIN),
  operator('POST', '/partners/{id}/webhook-secret', 'webhook-secret', 'AdminWebhookSecret', PARTNER_ADMIN),
  { ...operator('GET', '/partners', 'partners-list', 'AdminPartnersList', { partners: 'read' }), secrets: ['cursor'] },
  { ...operator('GET', '/audit', 'audit-list', 'AdminAuditList', { audit: 'read' }), secrets: ['cursor'] },
  {
    ...operator('GET', '/deliveries', 'deliveries-list', 'AdminDeliveriesList', { orders: 'read' }),
    secrets: ['cursor'],
  },
  {
    ...operator('POST', '/deliveries/{id}/replay', 'deliveries-replay', 'AdminDeliveriesReplay'),
    timeoutSeconds: WAITS_ON_OTHERS,
  },
  {
    ...operator('POST', '/lab/oru', 'lab-oru', 'AdminLabOru', { ...OPERATOR, catalog: 'read' }),
    documents: 'readWrite',
    timeoutSeconds: WAITS_ON_OTHERS,
  },
  // The lab's own inbound interface: on the IAM-authorised API, callable only by the lab's role.
  {
    method: 'POST',
    path: '/lab/v1/oru',
    entry: 'lambdas/lab/oru.ts',
    fn: 'LabOru',
    auth: 'lab',
    api: 'operator',
    tables: { ...OPERATOR, catalog: 'read' },
    documents: 'readWrite',
    timeoutSeconds: WAITS_ON_OTHERS,
  },
  {
    ...operator('POST', '/orders/{id}/results', 'orders-results-upload', 'AdminResultsUpload', {
      ...OPERATOR,
      catalog: 'read',
    }),
    documents: 'readWrite',
    timeoutSeconds: WAITS_ON_OTHERS,
  },

  operator('GET', '/openapi.json', 'openapi', 'AdminOpenApi', {}),

  // The local runtime's own tools live in infra/local, beside the stand-ins they drive.
  {
    ...operator('POST', '/clock/advance', 'clock-advance', 'LocalClockAdvance', {}),
    entry: 'infra/local/admin/clock-advance.ts',
    localOnly: true,
  },
  {
    ...operator('POST', '/faults', 'faults', 'LocalFaults', {}),
    entry: 'infra/local/admin/faults.ts',
    localOnly: true,
  },
];
