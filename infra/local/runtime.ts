import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL, fileURLToPath } from 'node:url';
import type { AddressInfo } from 'node:net';
import { BACKGROUND, routesFor, type Route } from '../../shared/manifest/index.js';
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
import { lockDataDir } from './data-dir-lock.js';
import { StandInPorts } from './ports.js';
import { startEventStandIns } from './event-wiring.js';
import { startLabSimulator, type LabSimulator } from './lab-simulator/index.js';
import { standInWiring } from './lab-simulator/wiring.js';
import { faultyKeyStore, faultyOrderStore } from './faults.js';
import { indexCatalog } from '../../shared/domain/catalog.js';

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
export async function startLocalRuntime(
  rawEnv: Record<string, string | undefined>,
  opts: { progress?: (line: string) => void } = {},
): Promise<LocalRuntime> {
  const env = parseLocalEnv(rawEnv);
  const dataDir = env.inMemory ? null : resolve(env.DATA_DIR);
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const progress = opts.progress ?? (() => undefined);
  // Stand-ins started so far, stopped in reverse order on stop or on a failed start.
  const closers: Array<() => Promise<void> | void> = [];
  const closeAll = async () => {
    for (const close of closers.splice(0).reverse()) await Promise.resolve(close()).catch(() => undefined);
  };
  if (dataDir) closers.push(lockDataDir(dataDir).release);
  const ports = new StandInPorts(dataDir);
  const clock = new ServiceClock(dataDir ? join(dataDir, 'clock.json') : null, env.SERVICE_CLOCK);
  // A fresh endpoint secret each start, unless one is given (a test that signs events itself).
  const stripeWebhookSecret = process.env.STRIPE_WEBHOOK_SECRET || `whsec_${randomBytes(24).toString('base64url')}`;
  try {
    const secrets = loadLocalSecrets(dataDir, env.ADMIN_TOKEN, env.LAB_TOKEN);
    progress('Starting DynamoDB Local...');
    const dynamo = await startDynamoDbLocal({ dataDir, port: await ports.preferred('dynamodb') });
    closers.push(dynamo.stop);
    ports.remember('dynamodb', dynamo.port);
    progress('Starting the local S3...');
    const s3 = await startS3Local(dataDir, { now: () => clock.now().getTime(), port: await ports.preferred('s3') });
    closers.push(s3.stop);
    ports.remember('s3', s3.port);
    progress('Starting the Stripe simulator...');
    const stripe = await startStripeSimulator({
      port: await ports.preferred('stripe'),
      host: '127.0.0.1',
      ...(dataDir ? { stateFile: join(dataDir, 'stripe-simulator.json') } : {}),
    });
    closers.push(stripe.close);
    ports.remember('stripe', stripe.port);
    let origin = '';
    let labSimulator: LabSimulator | null = null;
    if (!env.LAB_MLLP_URL) {
      progress('Starting the lab (MLLP) stand-in...');
      labSimulator = await startLabSimulator({
        catalog: loadSeedCatalog(SERVICE_CONFIG.restrictedStates),
        inbound: () => ({ url: origin, token: secrets.labToken }),
        now: () => clock.now(),
        ...(dataDir ? { stateFile: join(dataDir, 'lab-simulator.json') } : {}),
      });
      closers.push(() => labSimulator?.close());
    }
    progress('Starting the local SQS and EventBridge Scheduler...');
    const events = await startEventStandIns({ dataDir, clock, ports });
    closers.push(events.close);
    progress('Creating tables and seeding the catalogue...');
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
      WEBHOOK_SEALING_KEY: secrets.sealingKey,
      WEBHOOK_ALLOW_LOOPBACK: 'true',
      S3_ENDPOINT: s3.endpoint,
      DOCUMENTS_BUCKET: LOCAL_DOCUMENTS_BUCKET,
      LOG_LEVEL: env.LOG_LEVEL,
      METRICS_TO_LOG: env.LOG_LEVEL === 'INFO' || env.LOG_LEVEL === 'DEBUG' ? 'true' : 'false',
      AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
      ...events.env,
      LAB_MLLP_URL: env.LAB_MLLP_URL ?? labSimulator?.url,
    });
    // The shared logger may have been built before the environment above was set (it is built
    // when first imported): give it the level this runtime was started with.
    const { logger } = await import('../../shared/adapters/logger.js');
    logger.setLogLevel(env.LOG_LEVEL);
    const composition = await import('../../shared/composition.js');
    composition.runtimeEnv(); // a malformed handler setting (STRIPE_TIMEOUT_MS...) stops the start, not the first request
    // Before the first getter builds anything: the service clock, the lab stand-in, fault injection.
    composition.useLocalOverrides({
      clock,
      lab: standInWiring(labSimulator, composition.orderStore, async () =>
        indexCatalog(await composition.catalogStore().get()),
      ),
      wrapOrderStore: faultyOrderStore,
      wrapIdempotencyStore: faultyKeyStore,
    });
    await composition.catalogStore().seed(loadSeedCatalog(SERVICE_CONFIG.restrictedStates));
    const { registerDueWork, runDueWork } = await import('../../shared/due-work.js');
    // Placement, recovery and webhook retries run as in AWS: schedules, sweeps and queue consumers
    // on the SQS and Scheduler stand-ins, driven by the service clock.
    await events.wire(registerDueWork);
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
    // Due work (the stand-ins' schedules and queues among it) runs every few seconds of wall
    // time, and at once when an operator advances the clock.
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
    const routes = routesFor('local');
    for (const route of routes) {
      const mod = (await import(pathToFileURL(join(repoRoot, route.entry)).href)) as { handler: ProxyHandler };
      handlers.set(route, mod.handler);
    }
    const authorizer = (await import(pathToFileURL(join(repoRoot, BACKGROUND.authorizer.entry)).href)) as {
      handler: AuthorizerHandler;
    };
    const server = createLocalServer(
      routes,
      handlers,
      { adminToken: secrets.adminToken, labToken: secrets.labToken, partnerAuthorizer: authorizer.handler },
      { countDynamoCalls: env.COUNT_DYNAMODB_CALLS === '1' },
    );
    await new Promise<void>((ok, fail) => {
      server.once('error', fail);
      server.listen(env.PORT, env.HOST, () => ok());
    });
    const port = (server.address() as AddressInfo).port;
    const host = env.HOST.includes(':') ? `[${env.HOST}]` : env.HOST;
    const local = env.HOST === '0.0.0.0' || env.HOST === '::' ? '127.0.0.1' : host;
    origin = `http://${local}:${port}`;
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
        `Lab (MLLP): ${env.LAB_MLLP_URL ?? `${labSimulator?.url} (the local lab stand-in)`}`,
        `Lab results interface: POST /lab/v1/oru with Authorization: Bearer ${env.LAB_TOKEN ? '(from LAB_TOKEN)' : secrets.labToken}`,
        `Stripe simulator: ${stripe.url} (charges: ${stripe.url}/_sim/intents, refunds: ${stripe.url}/_sim/refunds)`,
        `DynamoDB Local: ${dynamo.endpoint} (tables: ${Object.values(TABLES)
          .map((t) => t.localName)
          .join(', ')})`,
        `S3 (s3rver): ${s3.endpoint} (bucket: ${LOCAL_DOCUMENTS_BUCKET})`,
        ...events.notes,
      ],
      clock,
      adminToken: secrets.adminToken,
      stripeSimulatorUrl: stripe.url,
      labToken: secrets.labToken,
      labSimulator,
      stop: async () => {
        clearInterval(ticker);
        const closed = new Promise<void>((ok) => server.close(() => ok()));
        server.closeAllConnections();
        await closed;
        await closeAll();
      },
    };
  } catch (err) {
    await closeAll();
    throw err;
  }
}
