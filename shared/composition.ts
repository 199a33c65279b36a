// The composition root: builds each adapter once per Lambda container (module scope), from the
// environment, so warm invocations do no set-up work. The local runtime overrides the clock.
import { checkStripeKeyForStage, parseRuntimeEnv, secretSource, type RuntimeEnv } from './config/runtime-env.js';
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
import { createStripePayments } from './adapters/stripe-payments.js';
import type { PartnerStore } from './ports/partner-store.js';
import type { OrderStore } from './ports/order-store.js';
import type { IdempotencyStore } from './ports/idempotency-store.js';
import type { Payments } from './ports/payments.js';
import type { CreateOrderDeps } from './domain/create-order.js';
import type { CancelOrderDeps } from './domain/cancel-order.js';
import type { RecoveryDeps } from './domain/recovery.js';
import { newId } from './domain/ids.js';
import { alert } from './adapters/alerts.js';
import { secretValue } from './adapters/secrets.js';
import { apiGatewayUsagePlans } from './adapters/api-gateway-usage-plans.js';
import type { UsagePlans } from './ports/usage-plans.js';
import { noUsagePlans, sweepOnlyScheduler } from './adapters/without-aws.js';
import { eventBridgePlacementScheduler } from './adapters/eventbridge-scheduler.js';
import type { PlacementScheduler } from './ports/placement-scheduler.js';
import { DynamoDeliveryStore } from './adapters/dynamodb/delivery-store.js';
import { httpWebhookSender } from './adapters/http-webhook-sender.js';
import { attemptDelivery, type DispatchDeps } from './domain/webhooks/dispatch.js';
import type { UrlPolicy } from './domain/webhooks/ssrf.js';
import type { DeliveryStore, WebhookSender } from './ports/webhooks.js';
import { faultyKeyStore, faultyOrderStore } from './adapters/faults.js';
import { simulatedLab } from './adapters/simulated-lab.js';
import type { PlaceOrderDeps } from './domain/place-order.js';
import { S3DocumentStore } from './adapters/s3-document-store.js';
import type { DocumentStore } from './ports/document-store.js';
import { DynamoResultsStore } from './adapters/dynamodb/results-store.js';
import type { ResultsStore } from './ports/results-store.js';
import { issueRequisitionDocument, resultsReport } from './adapters/order-documents.js';
import type { RecordResultsDeps } from './domain/record-results.js';
import type { SandboxDeps } from './domain/sandbox.js';
import { indexCatalog } from './domain/catalog.js';
import { SERVICE_CONFIG } from './config/service-config.js';

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

let clockOverride: Clock | null = null;
export function clock(): Clock {
  return clockOverride ?? systemClock;
}
/** The local runtime's service clock, which an operator can advance. */
export function useClock(c: Clock): void {
  clockOverride = c;
}

export const partnerStore = /* @__PURE__ */ once(
  (): PartnerStore => new DynamoPartnerStore(documentClient(), runtimeEnv().ORDERS_TABLE),
);
const faultsEnabled = () => process.env.LOCAL_FAULT_INJECTION === 'on';
export const orderStore = /* @__PURE__ */ once((): OrderStore => {
  const store = new DynamoOrderStore(documentClient(), runtimeEnv().ORDERS_TABLE);
  return dispatchingOrderStore(faultsEnabled() ? faultyOrderStore(store) : store);
});

/**
 * The first webhook attempt runs inline: once a transition and its outbox records are written,
 * each new delivery is attempted at once. A failure here is harmless: the record stays due and
 * the retry cron delivers it.
 */
function dispatchingOrderStore(inner: OrderStore): OrderStore {
  return {
    create: (o) => inner.create(o),
    get: (p, id) => inner.get(p, id),
    list: (p, opts) => inner.list(p, opts),
    duePlacements: (now, limit) => inner.duePlacements(now, limit),
    awaitingResults: (before, limit) => inner.awaitingResults(before, limit),
    needsRecovery: (kind, before, limit) => inner.needsRecovery(kind, before, limit),
    findById: (id) => inner.findById(id),
    transition: async (order, from, patch, events) => {
      const moved = await inner.transition(order, from, patch, events);
      if (moved && events?.length) {
        for (const e of events) {
          const record = await deliveryStore()
            .get(e.deliveryId)
            .catch(() => null);
          if (record) await attemptDelivery(dispatchDeps(), record, 'scheduled').catch(() => null);
        }
      }
      return moved;
    },
  };
}

export const deliveryStore = /* @__PURE__ */ once(
  (): DeliveryStore => new DynamoDeliveryStore(documentClient(), runtimeEnv().ORDERS_TABLE),
);
export const webhookPolicy = /* @__PURE__ */ once((): UrlPolicy => ({
  requireHttps: runtimeEnv().SERVICE_ENVIRONMENT === 'production',
  allowLoopback: runtimeEnv().WEBHOOK_ALLOW_LOOPBACK === 'true',
}));
export const webhookSender = /* @__PURE__ */ once((): WebhookSender => httpWebhookSender(webhookPolicy()));
export function dispatchDeps(): DispatchDeps {
  return {
    deliveries: deliveryStore(),
    partners: partnerStore(),
    sender: webhookSender(),
    now: () => clock().now(),
    wallClock: () => new Date(),
    alert,
  };
}
export const idempotencyStore = /* @__PURE__ */ once((): IdempotencyStore => {
  const store = new DynamoIdempotencyStore(documentClient(), runtimeEnv().IDEMPOTENCY_TABLE);
  return faultsEnabled() ? faultyKeyStore(store) : store;
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
  };
});

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
      })
    : sweepOnlyScheduler;
});

const LEASE_MS = 30_000; // the Lambda timeout: a request can hold a key no longer than it can run

export function createOrderDeps(): CreateOrderDeps {
  return {
    keys: idempotencyStore(),
    payments: payments(),
    orders: orderStore(),
    now: () => clock().now(),
    newOrderId: (now) => newId('order', now),
    alert,
    schedulePlacement: (order) => placementScheduler().schedule(order.id, new Date(order.placementDueAt)),
    leaseMs: LEASE_MS,
    retryLockMs: SERVICE_CONFIG.internalErrorRetryLockMinutes * 60_000,
    keyTtlHours: SERVICE_CONFIG.idempotencyTtlHours,
  };
}

export function cancelOrderDeps(): CancelOrderDeps {
  return {
    orders: orderStore(),
    payments: payments(),
    now: () => clock().now(),
    windowMinutes: SERVICE_CONFIG.cancelWindowMinutes,
    alert,
  };
}

export function placeOrderDeps(): PlaceOrderDeps {
  return {
    orders: orderStore(),
    lab: simulatedLab,
    now: () => clock().now(),
    alert,
    issueRequisition: (order, number) =>
      issueRequisitionDocument(
        { catalog: catalogStore(), partners: partnerStore(), documents: documentStore(), now: () => clock().now() },
        order,
        number,
      ),
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
    renderResultsPdf: resultsReport,
  };
}

export function sandboxDeps(): SandboxDeps {
  return {
    orders: orderStore(),
    place: placeOrderDeps(),
    results: recordResultsDeps(),
    byId: async () => indexCatalog(await catalogStore().get()),
    now: () => clock().now(),
  };
}

export const usagePlans = /* @__PURE__ */ once((): UsagePlans => {
  const id = runtimeEnv().USAGE_PLAN_ID;
  return id ? apiGatewayUsagePlans(id) : noUsagePlans;
});
