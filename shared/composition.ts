// The composition root: builds each adapter once per Lambda container (module scope), from the
// environment, so warm invocations do no set-up work. It is the only module that names adapters:
// each Lambda entry (lambdas/) hands a handler factory (functions/) the getters below that it
// needs, by name (the names of ServiceDeps). The local runtime injects its overrides (the service
// clock, the lab stand-in, fault injection) once, before any getter is first called.
import { settleKey, type SettleDeps } from './app/settle-payments.js';
import type { StripeEventDeps } from './app/stripe-events.js';
import type { PaymentEventVerifier } from './ports/payments.js';
import {
  checkStripeKeyForStage,
  parseRuntimeEnv,
  sealingKeySource,
  secretSource,
  type RuntimeEnv,
} from './config/runtime-env.js';
import { createDocumentClient } from './adapters/dynamodb/client.js';
import { DynamoCatalogStore } from './adapters/dynamodb/catalog-store.js';
import { DynamoRateLimiter } from './adapters/dynamodb/rate-limit-store.js';
import type { Clock } from './ports/clock.js';
import { systemClock } from './adapters/system-clock.js';
import type { CatalogStore } from './ports/catalog-store.js';
import type { RateLimiter } from './ports/rate-limiter.js';
import { DynamoPartnerStore } from './adapters/dynamodb/partner-store.js';
import { DynamoOrderStore } from './adapters/dynamodb/order-store.js';
import { DynamoIdempotencyStore } from './adapters/dynamodb/idempotency-store.js';
import { createStripePayments, verifyStripeEvent } from './adapters/stripe-payments.js';
import type { PartnerStore } from './ports/partner-store.js';
import type { OrderStore } from './ports/order-store.js';
import type { IdempotencyStore } from './ports/idempotency-store.js';
import type { Payments } from './ports/payments.js';
import type { CreateOrderDeps } from './app/create-order.js';
import type { CancelOrderDeps } from './app/cancel-order.js';
import type { RecoveryDeps } from './app/recovery.js';
import { newId } from './domain/ids.js';
import { alert, countMetric } from './adapters/alerts.js';
import type { CountMetric } from './ports/metrics.js';
import { secretValue } from './adapters/secrets.js';
import { apiGatewayUsagePlans } from './adapters/api-gateway-usage-plans.js';
import type { UsagePlans } from './ports/usage-plans.js';
import { noUsagePlans, sweepOnlyScheduler } from './adapters/without-aws.js';
import { eventBridgePlacementScheduler, eventBridgeResultsScheduler } from './adapters/eventbridge-scheduler.js';
import type { PlacementScheduler } from './ports/placement-scheduler.js';
import { sqsRetryQueue } from './adapters/sqs-retry-queue.js';
import type { RetryDeps } from './app/webhook-retries.js';
import { DynamoDeliveryStore } from './adapters/dynamodb/delivery-store.js';
import { httpWebhookSender } from './adapters/http-webhook-sender.js';
import type { DispatchDeps } from './app/deliver-webhook.js';
import { deliverNow } from './app/deliver-now.js';
import { ingestResults } from './app/ingest-results.js';
import type { UrlPolicy } from './domain/webhooks/ssrf.js';
import type { DeliveryStore, RetryQueue, WebhookSender } from './ports/webhooks.js';
import { logger as powertoolsLogger } from './adapters/logger.js';
import { loadSeedCatalog } from './adapters/seed-catalog.js';
import { drawSites as drawSiteDirectory } from './adapters/draw-sites.js';
import { geocodeZip as zipCentroid } from './adapters/zip-geocoder.js';
import type { Logger } from './ports/logger.js';
import type { DrawSiteDirectory, ZipGeocoder } from './ports/draw-sites.js';
import type { Catalog } from './domain/catalog.js';
import { simulatedLab } from './adapters/simulated-lab.js';
import { mllpLab } from './adapters/mllp-lab.js';
import { parseMllpUrl } from './adapters/mllp/framing.js';
import type { Lab } from './ports/lab.js';
import { randomUUID } from 'node:crypto';
import type { PlaceOrderDeps } from './app/place-order.js';
import { S3DocumentStore } from './adapters/s3-document-store.js';
import type { DocumentStore } from './ports/document-store.js';
import { DynamoResultsStore } from './adapters/dynamodb/results-store.js';
import type { ResultsStore } from './ports/results-store.js';
import { issueRequisitionDocument, resultsReport } from './adapters/order-documents.js';
import type { RecordResultsDeps } from './app/record-results.js';
import type { SandboxDeps } from './app/sandbox.js';
import { indexCatalog } from './domain/catalog.js';
import { SERVICE_CONFIG } from './config/service-config.js';
import { DynamoAuditLog } from './adapters/dynamodb/audit-log.js';
import type { AuditLog } from './ports/audit-log.js';
import type { RecordAccessDeps } from './app/record-access.js';
import type { DashboardAuthDeps } from './app/dashboard-auth.js';
import { openSigningSecrets } from './app/webhook-secrets.js';
import type { SecretSealer } from './ports/secret-sealer.js';
import { envelopeSealer, localDataKeys } from './adapters/envelope-sealer.js';
import { kmsDataKeys } from './adapters/kms-data-keys.js';

// Every `once(...)` below is marked pure: with the package's `"sideEffects": false`, esbuild then
// leaves out of a Lambda's bundle each adapter that handler never reaches (Stripe, pdf-lib, S3...).
function once<T>(build: () => T): () => T {
  let value: T | undefined;
  let built = false;
  return () => {
    if (!built) {
      value = build();
      built = true;
    }
    return value as T;
  };
}

export const runtimeEnv = /* @__PURE__ */ once((): RuntimeEnv => parseRuntimeEnv(process.env));
export const documentClient = /* @__PURE__ */ once(() =>
  createDocumentClient({ endpoint: runtimeEnv().DYNAMODB_ENDPOINT }),
);
export const catalogStore = /* @__PURE__ */ once(
  (): CatalogStore => new DynamoCatalogStore(documentClient(), runtimeEnv().CATALOG_TABLE),
);
export const rateLimiter = /* @__PURE__ */ once(
  (): RateLimiter =>
    new DynamoRateLimiter(documentClient(), runtimeEnv().RATE_LIMIT_TABLE, {
      burst: runtimeEnv().RATE_LIMIT_BURST,
      perMinute: runtimeEnv().RATE_LIMIT_PER_MINUTE,
    }),
);

/** What the local runtime replaces or wraps; nothing in AWS sets it. */
export interface LocalOverrides {
  /** The service clock, which an operator can advance. */
  clock: Clock;
  /** The lab stand-in: it rehearses the sandbox's scenarios and reports results over HTTP. */
  lab: { wrap: (lab: Lab) => Lab; deliverResults: SandboxDeps['deliverResults'] };
  /** Fault injection for the reliability tests: wraps the stores whose writes can be made to fail. */
  wrapOrderStore: (store: OrderStore) => OrderStore;
  wrapIdempotencyStore: (store: IdempotencyStore) => IdempotencyStore;
}
let overrides: LocalOverrides | null = null;
/** Called by the local runtime once, before the first request. */
export function useLocalOverrides(o: LocalOverrides): void {
  overrides = o;
}

export function clock(): Clock {
  return overrides?.clock ?? systemClock;
}
export const logger = (): Logger => powertoolsLogger;
export const metrics = (): CountMetric => countMetric;
export const seedCatalog = (): Catalog => loadSeedCatalog(SERVICE_CONFIG.restrictedStates);
export const drawSites = (): DrawSiteDirectory => drawSiteDirectory();
export const geocodeZip = (): ZipGeocoder => zipCentroid;

export const partnerStore = /* @__PURE__ */ once(
  (): PartnerStore => new DynamoPartnerStore(documentClient(), runtimeEnv().PARTNERS_TABLE),
);
export const orderStore = /* @__PURE__ */ once((): OrderStore => {
  const store = new DynamoOrderStore(documentClient(), runtimeEnv().ORDERS_TABLE, runtimeEnv().IDEMPOTENCY_TABLE);
  return overrides ? overrides.wrapOrderStore(store) : store;
});

export const deliveryStore = /* @__PURE__ */ once(
  (): DeliveryStore => new DynamoDeliveryStore(documentClient(), runtimeEnv().ORDERS_TABLE),
);
export const webhookPolicy = /* @__PURE__ */ once((): UrlPolicy => ({
  requireHttps: runtimeEnv().SERVICE_ENVIRONMENT === 'production',
  allowLoopback: runtimeEnv().WEBHOOK_ALLOW_LOOPBACK === 'true',
}));
export const webhookSender = /* @__PURE__ */ once((): WebhookSender => httpWebhookSender(webhookPolicy()));
export const retryQueue = /* @__PURE__ */ once((): RetryQueue | null => {
  const { WEBHOOK_QUEUE_URL, SQS_ENDPOINT } = runtimeEnv();
  return WEBHOOK_QUEUE_URL ? sqsRetryQueue({ queueUrl: WEBHOOK_QUEUE_URL, endpoint: SQS_ENDPOINT }) : null;
});
export function dispatchDeps(): DispatchDeps {
  const retries = retryQueue();
  return {
    deliveries: deliveryStore(),
    partners: partnerStore(),
    sender: webhookSender(),
    now: () => clock().now(),
    wallClock: () => new Date(),
    alert,
    ...(retries ? { retries } : {}),
    signingSecrets: (partner, now) => openSigningSecrets({ sealer: secretSealer(), alert }, partner, now),
  };
}
/** Webhook signing secrets are sealed with KMS in AWS, with the local runtime's key locally. */
export const secretSealer = /* @__PURE__ */ once((): SecretSealer => {
  const source = sealingKeySource(runtimeEnv());
  return envelopeSealer(
    'kmsKeyId' in source ? kmsDataKeys({ keyId: source.kmsKeyId }) : localDataKeys(source.localKey),
  );
});
export function webhookSecretDeps() {
  return { partners: partnerStore(), sealer: secretSealer(), now: () => clock().now() };
}
/** The retry worker and sweep need the queue: they run only where WEBHOOK_QUEUE_URL is set. */
export function retryDeps(): RetryDeps {
  const retries = retryQueue();
  if (!retries) throw new Error('WEBHOOK_QUEUE_URL is not set');
  return { ...dispatchDeps(), retries };
}
export const idempotencyStore = /* @__PURE__ */ once((): IdempotencyStore => {
  const store = new DynamoIdempotencyStore(documentClient(), runtimeEnv().IDEMPOTENCY_TABLE);
  return overrides ? overrides.wrapIdempotencyStore(store) : store;
});
export const payments = /* @__PURE__ */ once((): Payments => {
  const env = runtimeEnv();
  const base = env.STRIPE_API_BASE ? new URL(env.STRIPE_API_BASE) : null;
  // The key is read from Secrets Manager when a payment call first needs it (in AWS), then the
  // client is reused; a failed read is tried again on the next call rather than kept.
  let client: Promise<Payments> | null = null;
  const ready = () =>
    (client ??= stripeKey(env)
      .then((secretKey) =>
        createStripePayments({
          secretKey: checkStripeKeyForStage(secretKey, env.SERVICE_ENVIRONMENT),
          timeoutMs: env.STRIPE_TIMEOUT_MS,
          ...(base
            ? {
                host: base.hostname,
                port: Number(base.port || (base.protocol === 'https:' ? 443 : 80)),
                protocol: base.protocol === 'https:' ? 'https' : 'http',
              }
            : {}),
        }),
      )
      .catch((err: unknown) => {
        client = null;
        throw err;
      }));
  return {
    charge: async (req) => (await ready()).charge(req),
    retrieve: async (id) => (await ready()).retrieve(id),
    refund: async (id, key) => (await ready()).refund(id, key),
    find: async (orderId) => (await ready()).find(orderId),
    cancel: async (id, key) => (await ready()).cancel(id, key),
  };
});

/** Stripe's events, checked against the endpoint's signing secret; none configured refuses every event. */
export const stripeEventVerifier = /* @__PURE__ */ once((): PaymentEventVerifier => ({
  async verify(payload, header, receivedAtMs) {
    const env = runtimeEnv();
    if (!env.STRIPE_WEBHOOK_SECRET_ARN && !env.STRIPE_WEBHOOK_SECRET) return null;
    const secret = await secretValue(env.STRIPE_WEBHOOK_SECRET_ARN, env.STRIPE_WEBHOOK_SECRET ?? '');
    return verifyStripeEvent(payload, header, secret, receivedAtMs);
  },
}));

export function stripeEventDeps(): StripeEventDeps {
  return {
    keys: idempotencyStore(),
    orders: orderStore(),
    now: () => clock().now(),
    alert,
    keyLifeMs: SERVICE_CONFIG.idempotencyTtlHours * 3600_000,
  };
}

export function cursorSecret(): Promise<string> {
  return Promise.resolve(runtimeEnv()).then((env) => {
    const source = secretSource(env, 'CURSOR_SECRET_ARN', 'CURSOR_SECRET');
    return secretValue(source.arn, source.value);
  });
}

function stripeKey(env: RuntimeEnv): Promise<string> {
  return Promise.resolve(env).then((e) => {
    const source = secretSource(e, 'STRIPE_SECRET_ARN', 'STRIPE_SECRET_KEY');
    return secretValue(source.arn, source.value);
  });
}

export const placementScheduler = /* @__PURE__ */ once((): PlacementScheduler => {
  const env = runtimeEnv();
  return env.PLACEMENT_SCHEDULE_GROUP && env.PLACEMENT_TARGET_ARN && env.PLACEMENT_ROLE_ARN
    ? eventBridgePlacementScheduler({
        groupName: env.PLACEMENT_SCHEDULE_GROUP,
        targetArn: env.PLACEMENT_TARGET_ARN,
        roleArn: env.PLACEMENT_ROLE_ARN,
        ...(env.PLACEMENT_DLQ_ARN ? { deadLetterArn: env.PLACEMENT_DLQ_ARN } : {}),
        ...(env.SCHEDULER_ENDPOINT ? { endpoint: env.SCHEDULER_ENDPOINT } : {}),
      })
    : sweepOnlyScheduler;
});

/** The AWS sandbox: its simulated lab reports results by a one-time schedule after the requisition (none elsewhere). */
const resultsScheduler = /* @__PURE__ */ once((): PlacementScheduler | null => {
  const env = runtimeEnv();
  return env.SIMULATED_RESULTS_SCHEDULE_GROUP && env.SIMULATED_RESULTS_TARGET_ARN && env.SIMULATED_RESULTS_ROLE_ARN
    ? eventBridgeResultsScheduler({
        groupName: env.SIMULATED_RESULTS_SCHEDULE_GROUP,
        targetArn: env.SIMULATED_RESULTS_TARGET_ARN,
        roleArn: env.SIMULATED_RESULTS_ROLE_ARN,
        ...(env.SIMULATED_RESULTS_DLQ_ARN ? { deadLetterArn: env.SIMULATED_RESULTS_DLQ_ARN } : {}),
        ...(env.SCHEDULER_ENDPOINT ? { endpoint: env.SCHEDULER_ENDPOINT } : {}),
      })
    : null;
});

const LEASE_MS = 30_000; // the Lambda timeout: a request can hold a key no longer than it can run

export function createOrderDeps(): CreateOrderDeps {
  return {
    keys: idempotencyStore(),
    partners: partnerStore(),
    payments: payments(),
    orders: orderStore(),
    catalog: async () => indexCatalog(await catalogStore().get()),
    sites: drawSites(),
    now: () => clock().now(),
    newOrderId: (now) => newId('order', now),
    alert,
    schedulePlacement: (order) => placementScheduler().schedule(order.id, new Date(order.placementDueAt)),
    leaseMs: LEASE_MS,
    keyLifeMs: SERVICE_CONFIG.idempotencyTtlHours * 3600_000,
    settleExpired: (record) => settleKey(settleDeps(), record),
    config: {
      placementDelayMinutes: SERVICE_CONFIG.placementDelayMinutes,
      cancelWindowMinutes: SERVICE_CONFIG.cancelWindowMinutes,
      restrictedStates: SERVICE_CONFIG.restrictedStates,
      minorAgeYears: SERVICE_CONFIG.minorAgeYears,
      retryLockMs: SERVICE_CONFIG.internalErrorRetryLockMinutes * 60_000,
    },
  };
}

/** The settlement sweep (shared/app/settle-payments.ts) and the settle-first step of a same-key request after 24 h. */
export function settleDeps(): SettleDeps {
  return {
    keys: idempotencyStore(),
    payments: payments(),
    now: () => clock().now(),
    alert,
    leaseMs: LEASE_MS,
    keyLifeMs: SERVICE_CONFIG.idempotencyTtlHours * 3600_000,
  };
}

export function cancelOrderDeps(): CancelOrderDeps {
  return {
    orders: orderStore(),
    payments: payments(),
    now: () => clock().now(),
    windowMinutes: SERVICE_CONFIG.cancelWindowMinutes,
    alert,
    deliverNow: deliverNow(dispatchDeps()),
  };
}

/** The lab's order interface: MLLP when configured; production never falls back to the simulation. */
export const lab = /* @__PURE__ */ once((): Lab => {
  const built = buildLab();
  return overrides ? overrides.lab.wrap(built) : built;
});
function buildLab(): Lab {
  const env = runtimeEnv();
  if (!env.LAB_MLLP_URL) {
    if (env.SERVICE_ENVIRONMENT === 'production') throw new Error('production needs LAB_MLLP_URL: no simulated lab');
    return simulatedLab;
  }
  return mllpLab({
    target: parseMllpUrl(env.LAB_MLLP_URL),
    ackTimeoutMs: env.LAB_ACK_TIMEOUT_MS,
    config: {
      sendingApplication: env.LAB_SENDING_APPLICATION,
      sendingFacility: env.LAB_SENDING_FACILITY,
      receivingApplication: env.LAB_RECEIVING_APPLICATION,
      receivingFacility: env.LAB_RECEIVING_FACILITY,
      processingId: env.SERVICE_ENVIRONMENT === 'production' ? 'P' : 'T',
      orderingPhysician: SERVICE_CONFIG.orderingPhysician,
    },
    catalog: async () => indexCatalog(await catalogStore().get()),
    now: () => clock().now(),
    newControlId: () => randomUUID().replace(/-/g, '').slice(0, 20),
  });
}

export function placeOrderDeps(): PlaceOrderDeps {
  return {
    orders: orderStore(),
    lab: lab(),
    now: () => clock().now(),
    alert,
    deliverNow: deliverNow(dispatchDeps()),
    issueRequisition: async (order, number) => {
      await issueRequisitionDocument(
        { catalog: catalogStore(), partners: partnerStore(), documents: documentStore(), now: () => clock().now() },
        order,
        number,
      );
      // Logged and counted by the adapter; the sandbox's advance endpoint still reports the results.
      const dueAt = new Date(clock().now().getTime() + SERVICE_CONFIG.simulatedResultsAfterHours * 3600_000);
      await resultsScheduler()
        ?.schedule(order.id, dueAt)
        .catch(() => undefined);
    },
  };
}

export function recoveryDeps(): RecoveryDeps {
  return {
    ...placeOrderDeps(),
    payments: payments(),
    placingTimeoutMinutes: SERVICE_CONFIG.placingTimeoutMinutes,
    retryMinutes: SERVICE_CONFIG.recoveryRetryMinutes,
  };
}

export const documentStore = /* @__PURE__ */ once(
  (): DocumentStore =>
    new S3DocumentStore({ bucket: runtimeEnv().DOCUMENTS_BUCKET, endpoint: runtimeEnv().S3_ENDPOINT }),
);
export const resultsStore = /* @__PURE__ */ once(
  (): ResultsStore => new DynamoResultsStore(documentClient(), runtimeEnv().ORDERS_TABLE),
);

export function recordResultsDeps(): RecordResultsDeps & { orders: OrderStore } {
  return {
    orders: orderStore(),
    results: resultsStore(),
    documents: documentStore(),
    now: () => clock().now(),
    newResultsId: (now) => newId('res', now),
    deliverNow: deliverNow(dispatchDeps()),
    renderResultsPdf: resultsReport,
  };
}

export function sandboxDeps(): SandboxDeps {
  return {
    orders: orderStore(),
    place: placeOrderDeps(),
    results: recordResultsDeps(),
    byId: async () => indexCatalog(await catalogStore().get()),
    ingestResults: (message, trigger) => ingestResults(recordResultsDeps(), message, trigger),
    now: () => clock().now(),
    ...(overrides?.lab.deliverResults ? { deliverResults: overrides.lab.deliverResults } : {}),
  };
}

export const usagePlans = /* @__PURE__ */ once((): UsagePlans => {
  const id = runtimeEnv().USAGE_PLAN_ID;
  return id ? apiGatewayUsagePlans(id) : noUsagePlans;
});

export const auditLog = /* @__PURE__ */ once(
  (): AuditLog => new DynamoAuditLog(documentClient(), runtimeEnv().AUDIT_TABLE),
);
export function auditDeps(): RecordAccessDeps {
  return { audit: auditLog(), now: () => clock().now(), newId: (now) => newId('aud', now), alert };
}
/** The partner dashboard's sessions: keys checked as the API checks them, signed with the cursor secret. */
export async function dashboardAuthDeps(): Promise<DashboardAuthDeps> {
  return {
    partners: partnerStore(),
    environment: runtimeEnv().SERVICE_ENVIRONMENT,
    secret: await cursorSecret(),
    now: clock().now(),
    ttlMinutes: SERVICE_CONFIG.dashboardSessionMinutes,
  };
}

// The edges' own needs, gathered so that an entry names them once (`{ ...publicEdge, catalogStore }`).
// Plain object literals, so a bundle whose entry does not use one leaves it (and what it names) out.
export const edge = { logger, runtimeEnv };
export const publicEdge = { logger, runtimeEnv, rateLimiter, clock };
export const auditedEdge = { logger, runtimeEnv, auditDeps, orderStore };
export const dashboardEdge = { logger, runtimeEnv, dashboardAuthDeps };
