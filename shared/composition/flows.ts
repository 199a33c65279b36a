// The composition root's use-case wiring: each `*Deps()` gathers the ports a flow in shared/app
// takes from the getters of core and integrations. Called per request, so nothing here is cached.
import { settleKey, type SettleDeps } from '../app/settle-payments.js';
import type { StripeEventDeps } from '../app/stripe-events.js';
import type { CreateOrderDeps } from '../app/create-order.js';
import type { CancelOrderDeps } from '../app/cancel-order.js';
import type { RecoveryDeps } from '../app/recovery.js';
import type { RetryDeps } from '../app/webhook-retries.js';
import type { DispatchDeps } from '../app/deliver-webhook.js';
import type { PlaceOrderDeps } from '../app/place-order.js';
import type { RecordResultsDeps } from '../app/record-results.js';
import type { SandboxDeps } from '../app/sandbox.js';
import type { RecordAccessDeps } from '../app/record-access.js';
import type { DashboardAuthDeps } from '../app/dashboard-auth.js';
import { deliverNow, prepareDelivery } from '../app/deliver-now.js';
import { ingestResults } from '../app/ingest-results.js';
import { openSigningSecrets } from '../app/webhook-secrets.js';
import { alert } from '../adapters/alerts.js';
import {
  issueRequisitionDocument,
  prepareRequisition,
  prepareResultsReport,
  resultsReport,
} from '../adapters/order-documents.js';
import { SERVICE_CONFIG } from '../config/service-config.js';
import { newId } from '../domain/ids.js';
import { indexCatalog } from '../domain/catalog.js';
import type { OrderStore } from '../ports/order-store.js';
import {
  auditLog,
  catalogStore,
  clock,
  deliveryStore,
  drawSites,
  idempotencyStore,
  localOverrides,
  orderStore,
  partnerStore,
  resultsStore,
  runtimeEnv,
} from './core.js';
import {
  cursorSecret,
  documentStore,
  lab,
  payments,
  placementScheduler,
  resultsScheduler,
  retryQueue,
  secretSealer,
  webhookSender,
} from './integrations.js';

const LEASE_MS = 30_000; // the Lambda timeout: a request can hold a key no longer than it can run
const KEY_LIFE_MS = SERVICE_CONFIG.idempotencyTtlHours * 3600_000;

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
/** The inline first attempt of the deliveries a state change writes, and what makes it ready beforehand. */
function inlineDelivery() {
  const dispatch = dispatchDeps();
  return { deliverNow: deliverNow(dispatch), prepareDelivery: prepareDelivery(dispatch) };
}
export function webhookSecretDeps() {
  return { partners: partnerStore(), sealer: secretSealer(), now: () => clock().now() };
}
/** The retry worker and sweep need the queue: they run only where WEBHOOK_QUEUE_URL is set. */
export function retryDeps(): RetryDeps {
  const retries = retryQueue();
  if (!retries) throw new Error('WEBHOOK_QUEUE_URL is not set');
  return { ...dispatchDeps(), retries };
}

export function stripeEventDeps(): StripeEventDeps {
  return { keys: idempotencyStore(), orders: orderStore(), now: () => clock().now(), alert, keyLifeMs: KEY_LIFE_MS };
}

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
    schedulePlacement: (order) => placementScheduler().schedule(order, new Date(order.placementDueAt)),
    leaseMs: LEASE_MS,
    keyLifeMs: KEY_LIFE_MS,
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
    keyLifeMs: KEY_LIFE_MS,
  };
}

export function cancelOrderDeps(): CancelOrderDeps {
  return {
    orders: orderStore(),
    payments: payments(),
    now: () => clock().now(),
    windowMinutes: SERVICE_CONFIG.cancelWindowMinutes,
    alert,
    ...inlineDelivery(),
  };
}

export function placeOrderDeps(): PlaceOrderDeps {
  return {
    orders: orderStore(),
    lab: lab(),
    now: () => clock().now(),
    alert,
    ...inlineDelivery(),
    prepareRequisition: () => {
      prepareRequisition();
      documentStore().prepare?.();
    },
    issueRequisition: async (order, number, partner) => {
      await issueRequisitionDocument(
        { catalog: catalogStore(), partners: partnerStore(), documents: documentStore(), now: () => clock().now() },
        order,
        number,
        partner,
      );
      // Logged and counted by the adapter; the sandbox's advance endpoint still reports the results.
      const dueAt = new Date(clock().now().getTime() + SERVICE_CONFIG.simulatedResultsAfterHours * 3600_000);
      await resultsScheduler()
        ?.schedule(order, dueAt)
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

export function recordResultsDeps(): RecordResultsDeps & { orders: OrderStore } {
  return {
    orders: orderStore(),
    results: resultsStore(),
    documents: documentStore(),
    now: () => clock().now(),
    newResultsId: (now) => newId('res', now),
    ...inlineDelivery(),
    prepareReport: () => {
      prepareResultsReport();
      documentStore().prepare?.();
    },
    renderResultsPdf: resultsReport,
  };
}

export function sandboxDeps(): SandboxDeps {
  const deliverResults = localOverrides()?.lab.deliverResults;
  return {
    orders: orderStore(),
    place: placeOrderDeps(),
    results: recordResultsDeps(),
    byId: async () => indexCatalog(await catalogStore().get()),
    ingestResults: (message, trigger, order) =>
      ingestResults(recordResultsDeps(), message, { trigger, ...(order ? { order } : {}) }),
    now: () => clock().now(),
    ...(deliverResults ? { deliverResults } : {}),
  };
}

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
