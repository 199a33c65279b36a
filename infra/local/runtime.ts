import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL, fileURLToPath } from 'node:url';
import type { AddressInfo } from 'node:net';
import { PARTNER_AUTHORIZER, ROUTES, type Route } from '../../shared/routes.js';
import { SERVICE_CONFIG } from '../../shared/config/service-config.js';
import { loadSeedCatalog } from '../../shared/adapters/seed-catalog.js';
import { parseLocalEnv } from './local-env.js';
import { ensureTables, startDynamoDbLocal } from './dynamodb-local.js';
import { ServiceClock } from './service-clock.js';
import { createLocalServer, type AuthorizerHandler, type ProxyHandler } from './server.js';
import { loadLocalSecrets } from './local-secrets.js';
import { startStripeSimulator } from './stripe-simulator/index.js';
import { LOCAL_DOCUMENTS_BUCKET, startS3Local } from './s3-local.js';
import { TABLES } from '../../shared/adapters/dynamodb/tables.js';

const repoRoot = resolve(fileURLToPath(new URL('../../', import.meta.url)));

export interface LocalRuntime {
  url: string;
  notes: string[];
  clock: ServiceClock;
  adminToken: string;
  stripeSimulatorUrl: string;
  stop(): Promise<void>;
}

/**
 * Starts the embedded stand-ins, points the handlers' environment at them, seeds reference data
 * and serves every route of the route table on one origin.
 */
export async function startLocalRuntime(rawEnv: Record<string, string | undefined>): Promise<LocalRuntime> {
  const env = parseLocalEnv(rawEnv);
  const dataDir = env.inMemory ? null : resolve(env.DATA_DIR);
  if (dataDir) mkdirSync(dataDir, { recursive: true });

  const secrets = loadLocalSecrets(dataDir, env.ADMIN_TOKEN);
  const dynamo = await startDynamoDbLocal({ dataDir });
  const s3 = await startS3Local(dataDir);
  // A fresh endpoint secret each start, unless one is given (a test that signs events itself).
  const stripeWebhookSecret = process.env.STRIPE_WEBHOOK_SECRET || `whsec_${randomBytes(24).toString('base64url')}`;
  const stripe = await startStripeSimulator({
    port: 0,
    host: '127.0.0.1',
    ...(dataDir ? { stateFile: join(dataDir, 'stripe-simulator.json') } : {}),
  });
  try {
    await ensureTables(dynamo.endpoint);
    // The handlers read their configuration from the environment, exactly as in Lambda.
    Object.assign(process.env, {
      DYNAMODB_ENDPOINT: dynamo.endpoint,
      RATE_LIMIT_BURST: String(env.RATE_LIMIT_BURST),
      RATE_LIMIT_PER_MINUTE: String(env.RATE_LIMIT_PER_MINUTE),
      SERVICE_ENVIRONMENT: 'sandbox',
      STRIPE_API_BASE: stripe.url,
      STRIPE_SECRET_KEY: 'sk_test_local_simulator',
      // The simulator signs the events it delivers to /stripe/webhook with this, as Stripe does.
      STRIPE_WEBHOOK_SECRET: stripeWebhookSecret,
      CURSOR_SECRET: secrets.cursorSecret,
      LOCAL_FAULT_INJECTION: 'on',
      WEBHOOK_ALLOW_LOOPBACK: 'true',
      S3_ENDPOINT: s3.endpoint,
      DOCUMENTS_BUCKET: LOCAL_DOCUMENTS_BUCKET,
      LOG_LEVEL: env.LOG_LEVEL,
      METRICS_TO_LOG: env.LOG_LEVEL === 'INFO' || env.LOG_LEVEL === 'DEBUG' ? 'true' : 'false',
      AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
    });
    // The shared logger may have been built before the environment above was set (it is built
    // when first imported): give it the level this runtime was started with.
    const { logger } = await import('../../shared/adapters/logger.js');
    logger.setLogLevel(env.LOG_LEVEL);
    const composition = await import('../../shared/composition.js');
    composition.runtimeEnv(); // a malformed handler setting (STRIPE_TIMEOUT_MS...) stops the start, not the first request
    const clock = new ServiceClock(dataDir ? join(dataDir, 'clock.json') : null, env.SERVICE_CLOCK);
    composition.useClock(clock);
    await composition.catalogStore().seed(loadSeedCatalog(SERVICE_CONFIG.restrictedStates));
    const { registerDueWork, runDueWork } = await import('../../shared/due-work.js');
    const { placeDueOrders } = await import('../../shared/domain/place-order.js');
    registerDueWork('placements', () => placeDueOrders(composition.placeOrderDeps()));
    const { recoverOrders } = await import('../../shared/domain/recovery.js');
    registerDueWork('recovery', () => recoverOrders(composition.recoveryDeps()));
    // In AWS every 15 minutes; here at every tick and clock advance, on the service clock.
    const { settlePayments } = await import('../../shared/app/settle-payments.js');
    registerDueWork('settlement', () => settlePayments(composition.settleDeps()));
    const { runDueDeliveries } = await import('../../shared/domain/webhooks/dispatch.js');
    registerDueWork('webhookRetries', () => runDueDeliveries(composition.dispatchDeps()));
    // The simulated lab reports results some hours after the requisition (service clock).
    const { deliverSimulatedResults } = await import('../../shared/domain/sandbox.js');
    registerDueWork('simulatedResults', async (now) => {
      const before = new Date(now.getTime() - SERVICE_CONFIG.simulatedResultsAfterHours * 3600_000);
      let delivered = 0;
      for (const order of await composition.orderStore().awaitingResults(before, 25)) {
        if ((await deliverSimulatedResults(composition.sandboxDeps(), order, 'lab_results')).ok) delivered++;
      }
      return delivered;
    });
    // The local stand-in for EventBridge Scheduler and the sweep rule: due work runs every few
    // seconds of wall time, and at once when an operator advances the clock.
    let ticking = false;
    const ticker = setInterval(() => {
      if (ticking) return;
      ticking = true;
      runDueWork(clock.now())
        .catch((err: Error) => console.error('local runtime: due work failed:', err.name))
        .finally(() => (ticking = false));
    }, 5_000);
    ticker.unref();

    const handlers = new Map<Route, ProxyHandler>();
    for (const route of ROUTES) {
      const mod = (await import(pathToFileURL(join(repoRoot, route.entry)).href)) as { handler: ProxyHandler };
      handlers.set(route, mod.handler);
    }
    const authorizer = (await import(pathToFileURL(join(repoRoot, PARTNER_AUTHORIZER.entry)).href)) as {
      handler: AuthorizerHandler;
    };
    const server = createLocalServer(ROUTES, handlers, {
      adminToken: secrets.adminToken,
      partnerAuthorizer: authorizer.handler,
    });
    await new Promise<void>((ok, fail) => {
      server.once('error', fail);
      server.listen(env.PORT, env.HOST, () => ok());
    });
    const port = (server.address() as AddressInfo).port;
    const host = env.HOST.includes(':') ? `[${env.HOST}]` : env.HOST;
    const local = env.HOST === '0.0.0.0' || env.HOST === '::' ? '127.0.0.1' : host;
    stripe.setWebhook({
      url: `http://${local}:${port}/stripe/webhook`,
      secret: stripeWebhookSecret,
      now: () => clock.now().getTime(),
    });
    return {
      url: `http://${host}:${port}`,
      notes: [
        `Data directory: ${dataDir ?? 'in memory (nothing is kept)'}`,
        `Operator API token (Authorization: Bearer ...): ${env.ADMIN_TOKEN ? '(from ADMIN_TOKEN)' : secrets.adminToken}`,
        `Stripe simulator: ${stripe.url} (charges: ${stripe.url}/_sim/intents, refunds: ${stripe.url}/_sim/refunds)`,
        `DynamoDB Local: ${dynamo.endpoint} (tables: ${Object.values(TABLES)
          .map((t) => t.localName)
          .join(', ')})`,
        `S3 (s3rver): ${s3.endpoint} (bucket: ${LOCAL_DOCUMENTS_BUCKET})`,
      ],
      clock,
      adminToken: secrets.adminToken,
      stripeSimulatorUrl: stripe.url,
      stop: async () => {
        clearInterval(ticker);
        const closed = new Promise<void>((ok) => server.close(() => ok()));
        server.closeAllConnections();
        await closed;
        await stripe.close();
        await s3.stop();
        await dynamo.stop();
      },
    };
  } catch (err) {
    await stripe.close();
    await s3.stop();
    await dynamo.stop();
    throw err;
  }
}
