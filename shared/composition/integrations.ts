// The composition root's outside services: payments (Stripe), secrets, the schedulers, the lab,
// secret sealing, webhook sending, documents and usage plans. Built on core; flows build on these.
import { randomUUID } from 'node:crypto';
import { checkStripeKeyForStage, sealingKeySource, secretSource, type RuntimeEnv } from '../config/runtime-env.js';
import { SERVICE_CONFIG } from '../config/service-config.js';
import { secretValue } from '../adapters/secrets.js';
import { apiGatewayUsagePlans } from '../adapters/api-gateway-usage-plans.js';
import { noUsagePlans, sweepOnlyScheduler } from '../adapters/without-aws.js';
import { eventBridgePlacementScheduler, eventBridgeResultsScheduler } from '../adapters/eventbridge-scheduler.js';
import { sqsRetryQueue } from '../adapters/sqs-retry-queue.js';
import { httpWebhookSender } from '../adapters/http-webhook-sender.js';
import { simulatedLab } from '../adapters/simulated-lab.js';
import { mllpLab } from '../adapters/mllp-lab.js';
import { parseMllpUrl } from '../adapters/mllp/framing.js';
import { envelopeSealer, localDataKeys } from '../adapters/envelope-sealer.js';
import { kmsDataKeys } from '../adapters/kms-data-keys.js';
import { indexCatalog } from '../domain/catalog.js';
import type { UrlPolicy } from '../domain/webhooks/ssrf.js';
import type { Payments, PaymentEventVerifier } from '../ports/payments.js';
import type { UsagePlans } from '../ports/usage-plans.js';
import type { PlacementScheduler } from '../ports/placement-scheduler.js';
import type { RetryQueue, WebhookSender } from '../ports/webhooks.js';
import type { Lab } from '../ports/lab.js';
import type { DocumentStore } from '../ports/document-store.js';
import type { SecretSealer } from '../ports/secret-sealer.js';
import { catalogStore, clock, loadedOnce, localOverrides, once, runtimeEnv, startSoon } from './core.js';

export const webhookPolicy = /* @__PURE__ */ once((): UrlPolicy => ({
  requireHttps: runtimeEnv().SERVICE_ENVIRONMENT === 'production',
  allowLoopback: runtimeEnv().WEBHOOK_ALLOW_LOOPBACK === 'true',
}));
export const webhookSender = /* @__PURE__ */ once((): WebhookSender => httpWebhookSender(webhookPolicy()));
export const retryQueue = /* @__PURE__ */ once((): RetryQueue | null => {
  const { WEBHOOK_QUEUE_URL, SQS_ENDPOINT } = runtimeEnv();
  return WEBHOOK_QUEUE_URL ? sqsRetryQueue({ queueUrl: WEBHOOK_QUEUE_URL, endpoint: SQS_ENDPOINT }) : null;
});
/** Webhook signing secrets are sealed with KMS in AWS, with the local runtime's key locally. */
export const secretSealer = /* @__PURE__ */ once((): SecretSealer => {
  const source = sealingKeySource(runtimeEnv());
  return envelopeSealer(
    'kmsKeyId' in source ? kmsDataKeys({ keyId: source.kmsKeyId }) : localDataKeys(source.localKey),
  );
});

/**
 * Stripe's client and signature check, loaded when first needed: a chunk of its own in the Lambda
 * bundle (infra/aws/bundling.ts), so the functions that rarely touch Stripe (the sweeps, results)
 * never compile it, and those that will (order creation, cancellation) load it in a store wait.
 */
const stripeAdapter = () => import('../adapters/stripe-payments.js');

export const payments = /* @__PURE__ */ once((): Payments => {
  const env = runtimeEnv();
  const base = env.STRIPE_API_BASE ? new URL(env.STRIPE_API_BASE) : null;
  // The key is read from Secrets Manager when a payment call first needs it (in AWS), beside the
  // client's code, then the client is reused.
  const ready = loadedOnce(() =>
    Promise.all([stripeKey(env), stripeAdapter()]).then(([secretKey, { createStripePayments }]) =>
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
    ),
  );
  return {
    prepare: () => startSoon(ready),
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
    const { verifyStripeEvent } = await stripeAdapter();
    return verifyStripeEvent(payload, header, secret, receivedAtMs);
  },
}));

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
export const resultsScheduler = /* @__PURE__ */ once((): PlacementScheduler | null => {
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

/** The lab's order interface: MLLP when configured; production never falls back to the simulation. */
export const lab = /* @__PURE__ */ once((): Lab => {
  const built = buildLab();
  const overrides = localOverrides();
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

/** Documents in S3; the S3 client is a chunk of its own, loaded on the first document call (or its prepare). */
export const documentStore = /* @__PURE__ */ once((): DocumentStore => {
  const ready = loadedOnce(() =>
    import('../adapters/s3-document-store.js').then(
      ({ S3DocumentStore }) =>
        new S3DocumentStore({ bucket: runtimeEnv().DOCUMENTS_BUCKET, endpoint: runtimeEnv().S3_ENDPOINT }),
    ),
  );
  return {
    prepare: () => startSoon(ready),
    put: async (key, bytes, contentType) => (await ready()).put(key, bytes, contentType),
    exists: async (key) => (await ready()).exists(key),
    signedUrl: async (key, now, expiresIn, name) => (await ready()).signedUrl(key, now, expiresIn, name),
  };
});
export const usagePlans = /* @__PURE__ */ once((): UsagePlans => {
  const id = runtimeEnv().USAGE_PLAN_ID;
  return id ? apiGatewayUsagePlans(id) : noUsagePlans;
});
