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
import { startLabSimulator, type LabSimulator } from './lab-simulator/index.js';
import { standInWiring } from './lab-simulator/wiring.js';

const repoRoot = resolve(fileURLToPath(new URL('../../', import.meta.url)));

export interface LocalRuntime {
  url: string;
  notes: string[];
  clock: ServiceClock;
  adminToken: string;
  stripeSimulatorUrl: string;
  labToken: string;
  /** The local lab stand-in, unless LAB_MLLP_URL points at an external lab. */
  labSimulator: LabSimulator | null;
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

  const secrets = loadLocalSecrets(dataDir, env.ADMIN_TOKEN, env.LAB_TOKEN);
  const dynamo = await startDynamoDbLocal({ dataDir });
  const s3 = await startS3Local(dataDir);
  const stripe = await startStripeSimulator({
    port: 0,
    host: '127.0.0.1',
    ...(dataDir ? { stateFile: join(dataDir, 'stripe-simulator.json') } : {}),
  });
  let clock: ServiceClock | null = null;
  let origin = '';
  const labSimulator = env.LAB_MLLP_URL
    ? null
    : await startLabSimulator({
        catalog: loadSeedCatalog(SERVICE_CONFIG.restrictedStates),
        inbound: () => ({ url: origin, token: secrets.labToken }),
        now: () => clock?.now() ?? new Date(),
        ...(dataDir ? { stateFile: join(dataDir, 'lab-simulator.json') } : {}),
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
      CURSOR_SECRET: secrets.cursorSecret,
      LOCAL_FAULT_INJECTION: 'on',
      WEBHOOK_ALLOW_LOOPBACK: 'true',
      S3_ENDPOINT: s3.endpoint,
      DOCUMENTS_BUCKET: LOCAL_DOCUMENTS_BUCKET,
      LOG_LEVEL: env.LOG_LEVEL,
      METRICS_TO_LOG: env.LOG_LEVEL === 'INFO' || env.LOG_LEVEL === 'DEBUG' ? 'true' : 'false',
      AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
      LAB_MLLP_URL: env.LAB_MLLP_URL ?? labSimulator?.url,
    });
    // The shared logger may have been built before the environment above was set (it is built
    // when first imported): give it the level this runtime was started with.
    const { logger } = await import('../../shared/adapters/logger.js');
    logger.setLogLevel(env.LOG_LEVEL);
    const composition = await import('../../shared/composition.js');
    composition.runtimeEnv(); // a malformed handler setting (STRIPE_TIMEOUT_MS...) stops the start, not the first request
    const serviceClock = new ServiceClock(dataDir ? join(dataDir, 'clock.json') : null, env.SERVICE_CLOCK);
    clock = serviceClock;
    composition.useClock(serviceClock);
    composition.useLabStandIn(
      standInWiring(labSimulator, composition.orderStore, async () =>
        (await import('../../shared/domain/catalog.js')).indexCatalog(await composition.catalogStore().get()),
      ),
    );
    await composition.catalogStore().seed(loadSeedCatalog(SERVICE_CONFIG.restrictedStates));
    const { registerDueWork, runDueWork } = await import('../../shared/due-work.js');
    const { placeDueOrders } = await import('../../shared/domain/place-order.js');
    registerDueWork('placements', () => placeDueOrders(composition.placeOrderDeps()));
    const { recoverOrders } = await import('../../shared/domain/recovery.js');
    registerDueWork('recovery', () => recoverOrders(composition.recoveryDeps()));
    const { runDueDeliveries } = await import('../../shared/domain/webhooks/dispatch.js');
    registerDueWork('webhookRetries', () => runDueDeliveries(composition.dispatchDeps()));
    // The lab stand-in reports results some hours after the requisition (service clock); an
    // external lab reports when it does.
    if (labSimulator)
      registerDueWork('simulatedResults', async (now) => {
        const before = new Date(now.getTime() - SERVICE_CONFIG.simulatedResultsAfterHours * 3600_000);
        const deliver = composition.sandboxDeps().deliverResults;
        let delivered = 0;
        for (const order of await composition.orderStore().awaitingResults(before, 25)) {
          if (deliver && (await deliver(order)).ok) delivered++;
        }
        return delivered;
      });
    // The local stand-in for EventBridge Scheduler and the sweep rule: due work runs every few
    // seconds of wall time, and at once when an operator advances the clock.
    let ticking = false;
    const ticker = setInterval(() => {
      if (ticking) return;
      ticking = true;
      runDueWork(serviceClock.now())
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
      labToken: secrets.labToken,
      partnerAuthorizer: authorizer.handler,
    });
    await new Promise<void>((ok, fail) => {
      server.once('error', fail);
      server.listen(env.PORT, env.HOST, () => ok());
    });
    const port = (server.address() as AddressInfo).port;
    const host = env.HOST.includes(':') ? `[${env.HOST}]` : env.HOST;
    origin = `http://${host === '0.0.0.0' || host === '[::]' ? '127.0.0.1' : host}:${port}`;
    return {
      url: `http://${host}:${port}`,
      notes: [
        `Data directory: ${dataDir ?? 'in memory (nothing is kept)'}`,
        `Operator API token (Authorization: Bearer ...): ${env.ADMIN_TOKEN ? '(from ADMIN_TOKEN)' : secrets.adminToken}`,
        `Lab (MLLP): ${env.LAB_MLLP_URL ?? `${labSimulator?.url} (the local lab stand-in)`}`,
        `Lab results interface: POST /lab/v1/oru with Authorization: Bearer ${env.LAB_TOKEN ? '(from LAB_TOKEN)' : secrets.labToken}`,
        `Stripe simulator: ${stripe.url} (charges: ${stripe.url}/_sim/intents, refunds: ${stripe.url}/_sim/refunds)`,
        `DynamoDB Local: ${dynamo.endpoint} (tables: ${Object.values(TABLES)
          .map((t) => t.localName)
          .join(', ')})`,
        `S3 (s3rver): ${s3.endpoint} (bucket: ${LOCAL_DOCUMENTS_BUCKET})`,
      ],
      clock: serviceClock,
      adminToken: secrets.adminToken,
      stripeSimulatorUrl: stripe.url,
      labToken: secrets.labToken,
      labSimulator,
      stop: async () => {
        await labSimulator?.close();
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
    await labSimulator?.close();
    await stripe.close();
    await s3.stop();
    await dynamo.stop();
    throw err;
  }
}
