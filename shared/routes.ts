import type { TableKey } from './adapters/dynamodb/tables.js';

// THE route table. The CDK stack and the local server both read it, so the routes that run
// locally are exactly the routes deployed to AWS.

/** `lab`: the lab's own identity (an IAM role allowed only its route in AWS, LAB_TOKEN locally). */
export type AuthKind = 'none' | 'partner' | 'operator' | 'lab';
export type ApiKind = 'public' | 'partner' | 'operator' | 'mcp';
export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/**
 * `append`: PutItem only (the audit table, whose records no function may change or delete).
 * `readOwn`: reads held by IAM to the table's partner-owned key space (`partner#…` partition keys).
 */
export type TableAccess = Partial<Record<TableKey, 'read' | 'readOwn' | 'readWrite' | 'append'>>;

export interface Route {
  method: HttpMethod;
  /** API Gateway path syntax: {param} segments. */
  path: string;
  /** Handler module, relative to the repository root; it exports `handler`. */
  entry: string;
  /** Function name in the stack (one Lambda per route). */
  fn: string;
  auth: AuthKind;
  api: ApiKind;
  /** The tables this handler touches, and how: the CDK stack grants exactly this. */
  tables: TableAccess;
  /** Secrets the handler reads from Secrets Manager in AWS. */
  secrets?: Array<'stripe' | 'cursor' | 'stripeWebhook'>;
  /** Access to the documents bucket (requisition and result PDFs). */
  documents?: 'read' | 'readWrite';
  /**
   * Longest the handler may run, when the 15-second default is too short: routes that wait on
   * Stripe (8 s a try, one retry) or send a webhook's first attempt inline (cut at 10 s). A handler
   * killed between its steps would leave the partner a gateway error for a request that took
   * effect, so these get all of API Gateway's 29 seconds.
   */
  timeoutSeconds?: number;
  /** Local runtime only (never deployed): operator conveniences such as the service clock. */
  localOnly?: boolean;
  /**
   * Repository files the handler reads at run time, copied beside its bundle: a static asset too big
   * to inline, served from our own origin.
   */
  bundleFiles?: string[];
  /** Sandbox test helpers: never synthesized (nor granted anything) in production. */
  sandboxOnly?: boolean;
}

/** The API reference renderer's browser build (several MB): served by its own function, cached for a year. */
export const SCALAR_STANDALONE = 'node_modules/@scalar/api-reference/dist/browser/standalone.js';

const PUBLIC_READ: TableAccess = { catalog: 'read', rateLimits: 'readWrite' };
const PARTNER_READ: TableAccess = { catalog: 'read', orders: 'read' };
// Reads of one partner's own orders and results, nothing else in the orders table.
const OWN_ORDERS_READ: TableAccess = { catalog: 'read', orders: 'readOwn' };
const DASHBOARD_READ: TableAccess = { ...PARTNER_READ, partners: 'read' };
// A state change attempts its webhook at once, which reads the partner's URL and secret.
const ORDERS_WRITE: TableAccess = { catalog: 'read', orders: 'readWrite', partners: 'read' };
const OPERATOR: TableAccess = { orders: 'readWrite', partners: 'read' };
const PARTNER_ADMIN: TableAccess = { partners: 'readWrite' };
const WAITS_ON_OTHERS = 28;

const partner = (method: HttpMethod, path: string, file: string, fn: string, tables: TableAccess): Route => ({
  method,
  path: `/api/v1${path}`,
  entry: `functions/partner/${file}.ts`,
  fn,
  auth: 'partner',
  api: 'partner',
  tables: { audit: 'append', ...tables },
});
const page = (method: HttpMethod, path: string, file: string, fn: string, tables: TableAccess): Route => ({
  method,
  path,
  entry: `functions/pages/${file}.ts`,
  fn,
  auth: 'none',
  api: 'public',
  tables,
});
// The partner dashboard: pages behind a session cookie that names a partner's API key.
const dashboard = (
  method: HttpMethod,
  path: string,
  file: string,
  fn: string,
  tables: TableAccess = DASHBOARD_READ,
  extra: Partial<Route> = {},
): Route => ({
  method,
  path,
  entry: `functions/dashboard/${file}.ts`,
  fn,
  auth: 'none',
  api: 'public',
  tables: { audit: 'append', ...tables },
  secrets: ['cursor'],
  ...extra,
});
const operator = (
  method: HttpMethod,
  path: string,
  file: string,
  fn: string,
  tables: TableAccess = OPERATOR,
): Route => ({
  method,
  path: `/admin/v1${path}`,
  entry: `functions/admin/${file}.ts`,
  fn,
  auth: 'operator',
  api: 'operator',
  tables: { audit: 'append', ...tables },
});

export const ROUTES: readonly Route[] = [
  // Stripe's signed events: the signature is the credential; not rate limited, no CORS.
  {
    method: 'POST',
    path: '/stripe/webhook',
    entry: 'functions/public/stripe-webhook.ts',
    fn: 'StripeWebhook',
    auth: 'none',
    api: 'public',
    tables: { orders: 'readWrite', idempotency: 'readWrite', partners: 'read' },
    secrets: ['stripeWebhook'],
  },
  {
    method: 'GET',
    path: '/healthz',
    entry: 'functions/public/healthz.ts',
    fn: 'Healthz',
    auth: 'none',
    api: 'public',
    tables: {},
  },
  {
    method: 'GET',
    path: '/api/public/v1/quote',
    entry: 'functions/public/quote.ts',
    fn: 'PublicQuote',
    auth: 'none',
    api: 'public',
    tables: PUBLIC_READ,
  },
  {
    method: 'GET',
    path: '/api/public/v1/availability',
    entry: 'functions/public/availability.ts',
    fn: 'PublicAvailability',
    auth: 'none',
    api: 'public',
    tables: PUBLIC_READ,
  },
  {
    method: 'GET',
    path: '/api/tests',
    entry: 'functions/public/tests.ts',
    fn: 'PublicTests',
    auth: 'none',
    api: 'public',
    tables: PUBLIC_READ,
  },

  {
    method: 'GET',
    path: '/api/public/v1/openapi.json',
    entry: 'functions/public/openapi.ts',
    fn: 'PublicOpenApi',
    auth: 'none',
    api: 'public',
    tables: { rateLimits: 'readWrite' },
  },
  {
    method: 'GET',
    path: '/api/v1/openapi.json',
    entry: 'functions/partner/openapi.ts',
    fn: 'PartnerOpenApi',
    auth: 'none',
    api: 'partner',
    tables: {},
  },
  {
    method: 'GET',
    path: '/api/catalog',
    entry: 'functions/public/catalog-compact.ts',
    fn: 'PublicCatalogCompact',
    auth: 'none',
    api: 'public',
    tables: PUBLIC_READ,
  },

  page('GET', '/', 'home', 'PageHome', { catalog: 'read' }),
  page('GET', '/tests', 'tests-list', 'PageTests', { catalog: 'read' }),
  page('GET', '/tests/{id}', 'item', 'PageTest', { catalog: 'read' }),
  page('GET', '/panels/{id}', 'item', 'PagePanel', { catalog: 'read' }),
  page('GET', '/cart', 'cart', 'PageCart', { catalog: 'read' }),
  page('POST', '/cart', 'cart', 'PageCartChange', { catalog: 'read' }),
  page('GET', '/cart/handoff', 'cart-handoff', 'PageCartHandoff', {}),
  page('GET', '/llms.txt', 'llms', 'PageLlms', {}),
  page('GET', '/docs', 'docs', 'PageDocs', {}),
  { ...page('GET', '/docs/assets/scalar.js', 'docs-assets', 'PageDocsScalar', {}), bundleFiles: [SCALAR_STANDALONE] },
  {
    ...page('GET', '/docs/assets/reference.js', 'docs-assets', 'PageDocsScript', {}),
    bundleFiles: [SCALAR_STANDALONE],
  },
  // Routes sharing a handler module share one Lambda, so they declare the same access.
  { ...page('GET', '/login', 'login', 'DashboardLogin', { partners: 'read' }), secrets: ['cursor'] },
  { ...page('POST', '/login', 'login', 'DashboardLoginSubmit', { partners: 'read' }), secrets: ['cursor'] },
  // One route per dashboard page; the pages (reads) share one Lambda and their form posts
  // (writes, posted to the page they act on) another, which keeps the stack's resource count low.
  dashboard('GET', '/dashboard', 'pages', 'DashboardPages', DASHBOARD_READ, { documents: 'read' }),
  dashboard('GET', '/dashboard/orders/{id}', 'pages', 'DashboardOrder', DASHBOARD_READ, { documents: 'read' }),
  dashboard('GET', '/dashboard/webhooks', 'pages', 'DashboardWebhooks', DASHBOARD_READ, { documents: 'read' }),
  dashboard('GET', '/dashboard/keys', 'pages', 'DashboardKeys', DASHBOARD_READ, { documents: 'read' }),
  ...['/dashboard', '/dashboard/orders/{id}', '/dashboard/webhooks'].map((path, i) =>
    dashboard(
      'POST',
      path,
      'actions',
      i === 0 ? 'DashboardActions' : `DashboardActions${i}`,
      { ...ORDERS_WRITE, partners: 'readWrite' },
      {
        documents: 'readWrite',
        timeoutSeconds: WAITS_ON_OTHERS,
      },
    ),
  ),
  // The fixed pages share one Lambda (routes sharing a module share one).
  page('GET', '/checkout', 'info', 'PageCheckout', { catalog: 'read' }),
  page('GET', '/admin', 'info', 'PageAdmin', { catalog: 'read' }),
  page('GET', '/favicon.ico', 'info', 'PageFavicon', { catalog: 'read' }),

  // The MCP server: a Lambda function URL in AWS, /mcp on the local origin.
  {
    method: 'POST',
    path: '/mcp',
    entry: 'functions/mcp/handler.ts',
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
    sandboxOnly: true,
    timeoutSeconds: WAITS_ON_OTHERS,
  },
  {
    ...partner('POST', '/sandbox/orders/{id}/simulate', 'sandbox-simulate', 'SandboxSimulate', ORDERS_WRITE),
    documents: 'readWrite',
    sandboxOnly: true,
    timeoutSeconds: WAITS_ON_OTHERS,
  },

  operator('POST', '/partners', 'partners-create', 'AdminPartnersCreate', PARTNER_ADMIN),
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
    entry: 'functions/lab/oru.ts',
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

  { ...operator('POST', '/clock/advance', 'clock-advance', 'LocalClockAdvance', {}), localOnly: true },
  { ...operator('POST', '/faults', 'faults', 'LocalFaults', {}), localOnly: true },
];

/** The partner API's Lambda authorizer: not a route, but wired in front of every partner route. */
export const PARTNER_AUTHORIZER = {
  entry: 'functions/partner/authorizer.ts',
  fn: 'PartnerAuthorizer',
  tables: { partners: 'read' } as TableAccess,
};

// The Lambdas behind the APIs: schedule targets, recurring sweeps and queue consumers. The CDK
// stack and the local runtime (its SQS and Scheduler stand-ins) both read these settings.
export interface Background {
  scheduleTargets: Record<
    'placement',
    { fn: string; entry: string; group: (stage: string) => string; retryAttempts: number; deadLetterQueue: string }
  >;
  rules: Record<string, { fn: string; entry: string; rateMinutes: number; input?: Record<string, unknown> }>;
  queues: Record<
    'webhookRetries',
    {
      name: string;
      deadLetterQueue: string;
      batchSize: number;
      /** AWS's guidance: at least six times the consumer's timeout. */
      visibilityTimeoutSeconds: number;
      maxReceiveCount: number;
      consumer: { fn: string; entry: string; timeoutSeconds: number };
    }
  >;
}

const WEBHOOK_WORKER_TIMEOUT_SECONDS = 60; // a batch of 5 attempts, each cut at 10 s
export const BACKGROUND: Background = {
  scheduleTargets: {
    placement: {
      fn: 'Placement',
      entry: 'functions/ops/placement.ts',
      group: (stage) => `lab-tests-placement-${stage}`,
      retryAttempts: 3,
      deadLetterQueue: 'lab-tests-placement-dlq',
    },
  },
  rules: {
    'placement-sweep': { fn: 'Placement', entry: 'functions/ops/placement.ts', rateMinutes: 5, input: { sweep: true } },
    'webhook-retry-sweep': { fn: 'WebhookCron', entry: 'functions/ops/webhook-cron.ts', rateMinutes: 5 },
    'settlement-sweep': { fn: 'SettlePayments', entry: 'functions/ops/settle-payments.ts', rateMinutes: 15 },
  },
  queues: {
    webhookRetries: {
      name: 'lab-tests-webhook-retries',
      deadLetterQueue: 'lab-tests-webhook-dlq',
      batchSize: 5,
      visibilityTimeoutSeconds: 6 * WEBHOOK_WORKER_TIMEOUT_SECONDS,
      maxReceiveCount: 5,
      consumer: {
        fn: 'WebhookWorker',
        entry: 'functions/ops/webhook-worker.ts',
        timeoutSeconds: WEBHOOK_WORKER_TIMEOUT_SECONDS,
      },
    },
  },
};
