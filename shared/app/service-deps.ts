import type { RuntimeEnv } from '../config/runtime-env.js';
import type { Catalog } from '../domain/catalog.js';
import type { SandboxDeps } from './sandbox.js';
import type { DispatchDeps } from './deliver-webhook.js';
import type { UrlPolicy } from '../domain/webhooks/ssrf.js';
import type { AuditLog } from '../ports/audit-log.js';
import type { CatalogStore } from '../ports/catalog-store.js';
import type { Clock } from '../ports/clock.js';
import type { DocumentStore } from '../ports/document-store.js';
import type { DrawSiteDirectory, ZipGeocoder } from '../ports/draw-sites.js';
import type { Logger } from '../ports/logger.js';
import type { OrderStore } from '../ports/order-store.js';
import type { PartnerStore } from '../ports/partner-store.js';
import type { PaymentEventVerifier } from '../ports/payments.js';
import type { RateLimiter } from '../ports/rate-limiter.js';
import type { ResultsStore } from '../ports/results-store.js';
import type { UsagePlans } from '../ports/usage-plans.js';
import type { DeliveryStore } from '../ports/webhooks.js';
import type { DashboardAuthDeps } from './dashboard-auth.js';
import type { RecordAccessDeps } from './record-access.js';
import type { SettleDeps } from './settle-payments.js';
import type { StripeEventDeps } from './stripe-events.js';
import type { RetryDeps } from './webhook-retries.js';
import type { CreateOrderDeps } from './create-order.js';
import type { CancelOrderDeps } from './cancel-order.js';
import type { RecoveryDeps } from './recovery.js';
import type { RecordResultsDeps } from './record-results.js';
import type { CountMetric } from '../ports/metrics.js';
import type { RotationDeps } from './webhook-secrets.js';

/**
 * Everything the composition root (shared/composition.ts) provides, by the name it exports it
 * under. Each is a getter, built on first call and then kept for the container's life. A handler
 * module in functions/ declares the few it needs as `Pick<ServiceDeps, ...>` and exports a
 * factory taking them; its Lambda entry in lambdas/ passes the root's getters of those names, so
 * a bundle carries only the adapters its handler reaches.
 */
export interface ServiceDeps {
  runtimeEnv: () => RuntimeEnv;
  clock: () => Clock;
  logger: () => Logger;
  metrics: () => CountMetric;
  rateLimiter: () => RateLimiter;
  catalogStore: () => CatalogStore;
  /** The versioned catalogue data file (the deploy-time seed). */
  seedCatalog: () => Catalog;
  drawSites: () => DrawSiteDirectory;
  geocodeZip: () => ZipGeocoder;
  partnerStore: () => PartnerStore;
  orderStore: () => OrderStore;
  deliveryStore: () => DeliveryStore;
  documentStore: () => DocumentStore;
  resultsStore: () => ResultsStore;
  auditLog: () => AuditLog;
  usagePlans: () => UsagePlans;
  webhookPolicy: () => UrlPolicy;
  cursorSecret: () => Promise<string>;
  stripeEventVerifier: () => PaymentEventVerifier;
  auditDeps: () => RecordAccessDeps;
  dispatchDeps: () => DispatchDeps;
  retryDeps: () => RetryDeps;
  settleDeps: () => SettleDeps;
  stripeEventDeps: () => StripeEventDeps;
  sandboxDeps: () => SandboxDeps;
  dashboardAuthDeps: () => Promise<DashboardAuthDeps>;
  webhookSecretDeps: () => RotationDeps;
  createOrderDeps: () => CreateOrderDeps;
  cancelOrderDeps: () => CancelOrderDeps;
  recoveryDeps: () => RecoveryDeps;
  recordResultsDeps: () => RecordResultsDeps & { orders: OrderStore };
}
