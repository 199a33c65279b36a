// The composition root's base: `once`, the runtime environment, the local runtime's overrides, and
// the adapters every other part builds on (clock, logger, metrics, the DynamoDB client and stores).
// It imports nothing from the other parts (core <- integrations <- flows), so there is no cycle.
import { parseRuntimeEnv, type RuntimeEnv } from '../config/runtime-env.js';
import { createDocumentClient } from '../adapters/dynamodb/client.js';
import { DynamoCatalogStore } from '../adapters/dynamodb/catalog-store.js';
import { DynamoRateLimiter } from '../adapters/dynamodb/rate-limit-store.js';
import { DynamoPartnerStore } from '../adapters/dynamodb/partner-store.js';
import { DynamoOrderStore } from '../adapters/dynamodb/order-store.js';
import { DynamoIdempotencyStore } from '../adapters/dynamodb/idempotency-store.js';
import { DynamoDeliveryStore } from '../adapters/dynamodb/delivery-store.js';
import { DynamoResultsStore } from '../adapters/dynamodb/results-store.js';
import { DynamoAuditLog } from '../adapters/dynamodb/audit-log.js';
import { systemClock } from '../adapters/system-clock.js';
import { countMetric } from '../adapters/alerts.js';
import { logger as powertoolsLogger } from '../adapters/logger.js';
import { loadSeedCatalog } from '../adapters/seed-catalog.js';
import { bundledCatalog } from '../adapters/catalog-snapshot.js';
import { drawSites as drawSiteDirectory } from '../adapters/draw-sites.js';
import { geocodeZip as zipCentroid } from '../adapters/zip-geocoder.js';
import { SERVICE_CONFIG } from '../config/service-config.js';
import type { SandboxDeps } from '../app/sandbox.js';
import type { Catalog } from '../domain/catalog.js';
import type { Clock } from '../ports/clock.js';
import type { CatalogStore } from '../ports/catalog-store.js';
import type { RateLimiter } from '../ports/rate-limiter.js';
import type { PartnerStore } from '../ports/partner-store.js';
import type { OrderStore } from '../ports/order-store.js';
import type { IdempotencyStore } from '../ports/idempotency-store.js';
import type { DeliveryStore } from '../ports/webhooks.js';
import type { ResultsStore } from '../ports/results-store.js';
import type { AuditLog } from '../ports/audit-log.js';
import type { CountMetric } from '../ports/metrics.js';
import type { Logger } from '../ports/logger.js';
import type { DrawSiteDirectory, ZipGeocoder } from '../ports/draw-sites.js';
import type { Lab } from '../ports/lab.js';

// Every `once(...)` in the composition root is marked pure: with the package's `"sideEffects": false`,
// esbuild then leaves out of a Lambda's bundle each adapter that handler never reaches (Stripe, pdf-lib, S3...).
export function once<T>(build: () => T): () => T {
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

/**
 * An adapter that needs loading first (its code is a lazily imported chunk, its key a secret): the
 * load starts on the first call and is shared by every caller; a failed load is tried again on the
 * next call rather than kept.
 */
export function loadedOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | null = null;
  return () =>
    (loading ??= load().catch((err: unknown) => {
      loading = null;
      throw err;
    }));
}

/**
 * Starts a load on the next turn of the event loop without waiting for it (an adapter's prepare):
 * by then the caller's store requests are on the wire, so loading and compiling the adapter's code
 * runs in their wait instead of delaying them. Never throws; the adapter's first call waits for it.
 */
export function startSoon(load: () => Promise<unknown>): void {
  setImmediate(() => void load().catch(() => undefined));
}

export const runtimeEnv = /* @__PURE__ */ once((): RuntimeEnv => parseRuntimeEnv(process.env));
export const documentClient = /* @__PURE__ */ once(() =>
  createDocumentClient({ endpoint: runtimeEnv().DYNAMODB_ENDPOINT }),
);
export const catalogStore = /* @__PURE__ */ once(
  (): CatalogStore =>
    new DynamoCatalogStore(documentClient(), runtimeEnv().CATALOG_TABLE, { snapshot: bundledCatalog }),
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
/** The overrides the local runtime set, if any (read when a getter first builds, never cached apart). */
export function localOverrides(): LocalOverrides | null {
  return overrides;
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
  const store = new DynamoOrderStore(
    documentClient(),
    runtimeEnv().ORDERS_TABLE,
    runtimeEnv().IDEMPOTENCY_TABLE,
    runtimeEnv().AUDIT_TABLE,
  );
  return overrides ? overrides.wrapOrderStore(store) : store;
});
export const idempotencyStore = /* @__PURE__ */ once((): IdempotencyStore => {
  const store = new DynamoIdempotencyStore(documentClient(), runtimeEnv().IDEMPOTENCY_TABLE);
  return overrides ? overrides.wrapIdempotencyStore(store) : store;
});
export const deliveryStore = /* @__PURE__ */ once(
  (): DeliveryStore => new DynamoDeliveryStore(documentClient(), runtimeEnv().ORDERS_TABLE),
);
export const resultsStore = /* @__PURE__ */ once(
  (): ResultsStore => new DynamoResultsStore(documentClient(), runtimeEnv().ORDERS_TABLE),
);
export const auditLog = /* @__PURE__ */ once(
  (): AuditLog => new DynamoAuditLog(documentClient(), runtimeEnv().AUDIT_TABLE),
);
