// `npm run bench`: measures the service against baselines run side by side on this machine, and
// prints a table and writes bench-results/bench.json. Every figure is a measurement of this run.
import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { randomUUID } from 'node:crypto';
import { startService } from '../../test/support/local-service.js';
import { measureListing } from './listing.js';
import { coldNode, coldStarts } from './cold-start.js';
import { coldEnvFrom, headlineCases, HELLO_WORLD, ONE_DYNAMODB_READ, summarise } from './cold-env.js';
import { everyLambdaCases } from './every-lambda.js';
import { adminPost, BENCH_PATIENT, percentile, startReceiver, warmStandIns } from './fixtures.js';
import { autocannon as load, startBare as bareServer } from './load.js';
import { bundleGoals, coldStartGoals, goalTable, openApiGoal, type Goal } from './goals.js';
import { httpGoals } from './http-checks.js';
import { bundleSizes } from '../bundle-report.js';

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true'; // the runtime sets it too: the notice is about Node 20's end of support, not the figures
const root = fileURLToPath(new URL('../../', import.meta.url));
// `--quick` (or BENCH_QUICK=1) is for a shared machine: short load phases, a smaller listing,
// three cold starts per bundle instead of five. BENCH_PARTS picks parts: throughput, orders,
// listing, cold (the five headline cold starts), lambdas (every deployed function), bundles, http.
const QUICK = process.argv.includes('--quick') || process.env.BENCH_QUICK === '1';
const DURATION = Number(process.env.BENCH_SECONDS ?? (QUICK ? 3 : 10));
const LIST_ORDERS = Number(process.env.BENCH_LIST_ORDERS ?? (QUICK ? 5_000 : 100_000));
const COLD_RUNS = Number(process.env.BENCH_COLD_RUNS ?? (QUICK ? 3 : 5));
const ORDER_RUNS = QUICK ? 20 : 100;
const PARTS = new Set(
  (process.env.BENCH_PARTS ?? 'throughput,orders,listing,cold,lambdas,bundles,http').split(',').map((p) => p.trim()),
);
const part = (name: string) => PARTS.has(name);
const ADMIN_TOKEN = 'bench-admin-token-0123456789';
const autocannon = (url: string) => load(root, DURATION, url);
const startBare = (bodyFile?: string) => bareServer(root, bodyFile);

// A data directory of its own: the cold-started functions open the webhook secrets the runtime
// sealed, with the sealing key it keeps there.
const dataDir = mkdtempSync(join(tmpdir(), 'bench-data-'));
const service = await startService({
  RATE_LIMIT_BURST: '100000000',
  RATE_LIMIT_PER_MINUTE: '100000000',
  ADMIN_TOKEN,
  DATA_DIR: dataDir,
  COUNT_DYNAMODB_CALLS: undefined, // as `npm start` runs: the tests' per-request counting off
});
const bare = await startBare();
const receiver = await startReceiver();
const stops: Array<() => void> = [];
const goals: Goal[] = [];
const results: Record<string, unknown> = {
  date: new Date().toISOString(),
  machine: { cpus: cpus().length, model: cpus()[0]?.model, node: process.version },
  // The cold starts' own Node (BENCH_NODE), which the figures of every cold start are of.
  ...(part('cold') || part('lambdas') ? { coldStartNode: coldNode().version } : {}),
  settings: {
    quick: QUICK,
    durationSeconds: DURATION,
    listOrders: LIST_ORDERS,
    coldRuns: COLD_RUNS,
    parts: [...PARTS],
  },
};
const table: string[] = ['| measure | value | baseline | ratio |', '|---|---|---|---|'];
try {
  const tests = ((await (await fetch(`${service.url}/api/tests`)).json()) as { tests: Array<{ id: string }> }).tests
    .slice(0, 50)
    .map((t) => t.id);
  const quoteUrl = `${service.url}/api/public/v1/quote?items=${tests.join(',')}&state=CA`;

  if (part('throughput')) {
    console.log(
      `measuring ${DURATION}s each: bare node:http, /healthz, quote with 50 items, the partner OpenAPI document...`,
    );
    const baseline = await autocannon(bare.url);
    // Same local runtime, no DynamoDB call: separates the runtime's own cost from the store's.
    const health = await autocannon(`${service.url}/healthz`);
    const quote = await autocannon(quoteUrl);
    // The partner document against a bare server answering the very same bytes, side by side.
    const documentUrl = `${service.url}/api/v1/openapi.json`;
    const documentFile = join(mkdtempSync(join(tmpdir(), 'bench-openapi-')), 'openapi.json');
    writeFileSync(
      documentFile,
      Buffer.from(await (await fetch(documentUrl, { headers: { 'Accept-Encoding': 'identity' } })).arrayBuffer()),
    );
    const bareDocument = await startBare(documentFile);
    stops.push(bareDocument.stop);
    const bareDoc = await autocannon(bareDocument.url);
    const doc = await autocannon(documentUrl);
    const bytes = statSync(documentFile).size;
    goals.push(openApiGoal({ rps: doc.rps, bytes }, bareDoc));
    Object.assign(results, {
      bare: baseline,
      healthz: health,
      quote50: { ...quote, vsBare: { rpsRatio: quote.rps / baseline.rps } },
      partnerOpenApi: { ...doc, bytes, bareSameBytes: bareDoc, vsBare: doc.rps / bareDoc.rps },
    });
    table.push(
      `| quote (50 items) req/s | ${quote.rps.toFixed(0)} | bare node:http ${baseline.rps.toFixed(0)} | ${(quote.rps / baseline.rps).toFixed(3)} |`,
      `| quote p50 / p99 latency (ms) | ${quote.p50} / ${quote.p99} | ${baseline.p50} / ${baseline.p99} | |`,
      `| /healthz req/s (local runtime, no store) | ${health.rps.toFixed(0)} | bare node:http ${baseline.rps.toFixed(0)} | ${(health.rps / baseline.rps).toFixed(3)} |`,
      `| partner OpenAPI document (${(bytes / 1024).toFixed(0)} KB) req/s, p99 | ${doc.rps.toFixed(0)}, ${doc.p99} ms | bare node:http, same bytes: ${bareDoc.rps.toFixed(0)}, ${bareDoc.p99} ms | ${(doc.rps / bareDoc.rps).toFixed(3)} |`,
    );
  }

  const admin = adminPost(service.url, ADMIN_TOKEN);
  const partner = await admin('/partners', { name: 'Bench', paymentMethod: 'pm_card_visa' });
  const issued = await admin(`/partners/${partner.id}/keys`, { environment: 'test' });
  const key = issued.key as string;

  if (part('orders')) {
    console.log(`measuring order creation latency (${ORDER_RUNS} sequential orders)...`);
    const orderTimes: number[] = [];
    for (let i = 0; i < ORDER_RUNS; i++) {
      const t0 = performance.now();
      const res = await fetch(`${service.url}/api/v1/orders`, {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${key}`,
          'Content-Type': 'application/json',
          'Idempotency-Key': randomUUID(),
        },
        body: JSON.stringify({ patient: BENCH_PATIENT, items: [{ id: 'cbc' }] }),
      });
      await res.text();
      orderTimes.push(performance.now() - t0);
    }
    const orderCreation = { p50ms: percentile(orderTimes, 50), p99ms: percentile(orderTimes, 99) };
    results.orderCreation = orderCreation;
    table.push(
      `| order creation p50 / p99 (ms), ${ORDER_RUNS} sequential | ${orderCreation.p50ms.toFixed(1)} / ${orderCreation.p99ms.toFixed(1)} | | |`,
    );
  }

  if (part('cold') || part('lambdas')) {
    console.log('warming the local stand-ins before cold starts are timed...');
    await warmStandIns(service.url, key);
  }

  const coldEnv = coldEnvFrom(service.output(), dataDir);
  const dynamoEndpoint = coldEnv.DYNAMODB_ENDPOINT as string;
  if (part('listing')) {
    console.log(`measuring listing cost: 100 orders vs ${LIST_ORDERS.toLocaleString('en-US')} for one partner...`);
    const listing = await measureListing(
      { url: service.url, adminToken: ADMIN_TOKEN, dynamoEndpoint },
      100,
      LIST_ORDERS,
    );
    const firstPageP50Ratio = listing.large.firstPage.p50ms / listing.small.firstPage.p50ms;
    const fourthPageP50Ratio = listing.large.fourthPage.p50ms / listing.small.fourthPage.p50ms;
    results.listing = { ...listing, firstPageP50Ratio, fourthPageP50Ratio };
    const ms = (f: { p50ms: number; p99ms: number }) => `${f.p50ms.toFixed(1)} / ${f.p99ms.toFixed(1)}`;
    table.push(
      `| GET /orders first page of 25, p50 / p99 (ms), ${listing.large.orders} orders | ${ms(listing.large.firstPage)} | ${listing.small.orders} orders: ${ms(listing.small.firstPage)} | ${firstPageP50Ratio.toFixed(2)} |`,
      `| GET /orders fourth page (by cursor), p50 / p99 (ms), ${listing.large.orders} orders | ${ms(listing.large.fourthPage)} | ${listing.small.orders} orders: ${ms(listing.small.fourthPage)} | ${fourthPageP50Ratio.toFixed(2)} |`,
    );
  }

  if (part('cold')) {
    console.log(
      `measuring the headline cold starts (fresh process on Node ${coldNode().version}: import and first invoke, median of ${COLD_RUNS})...`,
    );
    const auth = { partnerId: partner.id as string, keyId: issued.id as string };
    const cold = summarise(await coldStarts(root, headlineCases(quoteUrl, auth), coldEnv, COLD_RUNS));
    results.coldStart = cold;
    for (const [k, v] of Object.entries(cold))
      if (k !== 'hello world')
        table.push(
          `| cold start ${k}: floor + import + first invoke, ms | ${v.coldStartMs} (${v.helloWorldMs} + ${v.importMs} + ${v.firstInvokeMs}) | hello world ${v.helloWorldMs} | ${v.vsHelloWorld} |`,
        );
  }

  if (part('lambdas')) {
    console.log(
      `measuring the cold start of every deployed Lambda on Node ${coldNode().version} (a real request each, median of ${COLD_RUNS})...`,
    );
    const everyCases = await everyLambdaCases(root, { url: service.url, adminToken: ADMIN_TOKEN }, receiver.url);
    const every = summarise(
      await coldStarts(root, [HELLO_WORLD, ONE_DYNAMODB_READ, ...everyCases], coldEnv, COLD_RUNS, { ab: true }),
    );
    results.coldStartEveryLambda = every;
    goals.push(...coldStartGoals(every));
  }

  if (part('bundles')) {
    console.log('bundling every function as the stack does...');
    goals.push(...bundleGoals(await bundleSizes()));
  }

  if (part('http'))
    goals.push(
      ...(await httpGoals(service.url, [
        '/api/v1/openapi.json',
        '/api/public/v1/openapi.json',
        '/api/tests',
        '/api/catalog',
        '/tests',
      ])),
    );

  results.goals = goals;
  mkdirSync(join(root, 'bench-results'), { recursive: true });
  writeFileSync(join(root, 'bench-results/bench.json'), JSON.stringify(results, null, 2));
  if (table.length > 2) console.log(`\n${table.join('\n')}`);
  const every = results.coldStartEveryLambda as ReturnType<typeof summarise> | undefined;
  if (every) {
    console.log(
      `\n| cold start, every deployed Lambda (median of ${COLD_RUNS}) | cold start ms (floor + own) | import ms | first invoke ms | hello world ms (the floor), side by side | vs hello world | process start to answer, ms |\n|---|---|---|---|---|---|---|`,
    );
    for (const [k, v] of Object.entries(every))
      console.log(
        `| ${k} | ${v.coldStartMs} | ${v.importMs} | ${v.firstInvokeMs} | ${v.helloWorldMs} | ${v.vsHelloWorld} | ${v.processMs} |`,
      );
    const ab = Object.entries(every).filter(([, v]) => v.baselineOwnMs !== undefined);
    if (ab.length) {
      console.log(
        `\n| A/B, side by side (BENCH_AB_ROOT=${process.env.BENCH_AB_ROOT}) | own ms (import + first invoke), this checkout | own ms, baseline checkout | this / baseline | own CPU ms, this checkout | own CPU ms, baseline | CPU, this / baseline |\n|---|---|---|---|---|---|---|`,
      );
      for (const [k, v] of ab)
        console.log(
          `| ${k} | ${v.ownMs} | ${v.baselineOwnMs} | ${v.ownVsBaseline} | ${v.ownCpuMs} | ${v.baselineOwnCpuMs} | ${v.cpuVsBaseline} |`,
        );
    }
  }
  console.log(`\n${goalTable(goals)}\n\nwrote bench-results/bench.json`);
} finally {
  for (const stop of stops) stop();
  receiver.stop();
  bare.stop();
  await service.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
