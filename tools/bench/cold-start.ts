// The cold-start proxy: each handler bundled as the stack bundles it, then, in a fresh process,
// imported and invoked once with a real request against the running local runtime's stores.
// A fresh process per run is what a new Lambda container pays; the hello-world bundle is the floor.
import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { APIGatewayProxyEvent } from 'aws-lambda';
import { toProxyEvent } from '../../infra/local/api-gateway-event.js';
import { ROUTES } from '../../shared/manifest/index.js';
import { bundleLambda, LAMBDA_ENTRY_FILE } from '../../infra/aws/bundling.js';
import { REFERENCE_PREFIX } from './goals.js';
import { coldStartNode } from './lambda-env.js';

export interface ColdStartCase {
  name: string;
  /** A handler module, or null for the hello-world baseline. */
  entry: string | null;
  /** A fresh event for each run, or a promise of one (order creation needs a new Idempotency-Key, a cancel its own order). */
  event: () => unknown;
  /** Whether the first invoke did its real work; by default a 2xx or 3xx HTTP answer. */
  ok?: (answer: InvokeAnswer) => boolean;
}

/** What invoke-once reports of the handler's answer. */
export interface InvokeAnswer {
  status: number | null;
  keys: string[];
  context: Record<string, string> | null;
  /** A schedule target's `outcome`, when it answers one. */
  outcome: string | null;
  failures: number | null;
}

const httpOk = (a: InvokeAnswer) => a.status !== null && a.status < 400;

export interface ColdStart {
  /** Process start to the handler's answer, median of the runs. */
  totalMs: number;
  importMs: number;
  invokeMs: number;
  /** The function's own part of a run, its import plus its first invoke (median of their sums). */
  ownMs: number;
  /** The hello-world floor, run right before each of this case's runs (side by side on a busy machine). */
  helloMs: number;
  /**
   * With BENCH_AB_ROOT: the same function's own part (import plus first invoke, median) bundled from
   * that other checkout, run side by side with this one's (hello world, baseline, this, in turn).
   */
  baselineOwnMs?: number;
  /**
   * The process's CPU time across the import and the first invoke (median): it leaves out the time
   * the process waited for a core on a busy machine, which the clock counts.
   */
  ownCpuMs: number;
  /** With BENCH_AB_ROOT: the baseline's CPU time across its import and first invoke (median). */
  baselineOwnCpuMs?: number;
  /** Why no figure: the first invoke did not do its work. */
  failed?: string;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;

/** An API Gateway proxy event for a route of the route table, built as the local runtime builds it. */
export function routeEvent(
  entry: string,
  target: string,
  opts: { headers?: Record<string, string>; body?: string; authorizer?: Record<string, string> } = {},
): APIGatewayProxyEvent {
  const route = ROUTES.find((r) => r.entry === entry);
  if (!route) throw new Error(`no route for ${entry}`);
  const headers = { Host: '127.0.0.1:3000', ...opts.headers };
  const req = {
    rawHeaders: Object.entries(headers).flat(),
    socket: { remoteAddress: '127.0.0.1' },
    method: route.method,
  } as unknown as IncomingMessage;
  const url = new URL(target, 'http://127.0.0.1:3000');
  // Path parameters by the route's template: /orders/{id} against /orders/order_01...
  const names = route.path.split('/');
  const values = url.pathname.split('/');
  const params = Object.fromEntries(
    names.flatMap((n, i) => (/^\{\w+\}$/.test(n) ? [[n.slice(1, -1), decodeURIComponent(values[i] ?? '')]] : [])),
  );
  const event = toProxyEvent(req, url, route, params, opts.body ?? null);
  if (opts.authorizer) event.requestContext.authorizer = { ...opts.authorizer, principalId: opts.authorizer.partnerId };
  return event;
}

/** Read once per bench: the Node every cold start runs on (BENCH_NODE, or this one). */
let node: ReturnType<typeof coldStartNode> | undefined;
export const coldNode = () => (node ??= coldStartNode());

function runOnce(
  root: string,
  bundle: string,
  eventFile: string,
  env: NodeJS.ProcessEnv,
): Promise<Omit<ColdStart, 'helloMs' | 'ownMs' | 'ownCpuMs'> & { cpuMs: number } & InvokeAnswer> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    // BENCH_CPU_PROF=<dir> writes a V8 CPU profile of every run there, of unminified bundles (open
    // one in Chrome's DevTools); its figures are for finding where time goes, not for the goals.
    const profile = process.env.BENCH_CPU_PROF
      ? ['--cpu-prof', '--cpu-prof-interval', '100', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`]
      : [];
    const child = spawn(coldNode().path, [...profile, join(root, 'tools/bench/invoke-once.mjs'), bundle, eventFile], {
      stdio: ['ignore', 'pipe', 'inherit'],
      env,
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.on('exit', () => {
      const totalMs = performance.now() - started;
      try {
        const line = out.trim().split('\n').at(-1) ?? '';
        const r = JSON.parse(line) as { importMs: number; invokeMs: number; cpuMs: number } & InvokeAnswer;
        resolve({ totalMs, ...r });
      } catch {
        reject(new Error(`cold start of ${bundle} printed no result: ${out.slice(0, 300)}`));
      }
    });
  });
}

export async function coldStarts(
  root: string,
  cases: ColdStartCase[],
  env: NodeJS.ProcessEnv,
  runs = 5,
  opts: { ab?: boolean } = {},
): Promise<Record<string, ColdStart>> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-bundles-'));
  const results: Record<string, ColdStart> = {};
  const bundleOf = async (name: string, entry: string | null) => {
    const outdir = join(dir, name.replace(/\W/g, '_'));
    // A profile names functions only in readable code.
    await bundleLambda(join(root, entry ?? 'tools/bench/hello.ts'), outdir, { minify: !process.env.BENCH_CPU_PROF });
    return join(outdir, LAMBDA_ENTRY_FILE);
  };
  // BENCH_AB_ROOT=<a checkout of another commit, its node_modules installed or linked>: each function
  // is also bundled by that checkout's own bundler from its own code, and the two run in turn, the
  // same stores, the same minute: an A/B of a lever, whose difference one whole run's noise hides.
  const abRoot = opts.ab ? process.env.BENCH_AB_ROOT : undefined;
  const baselineOf = async (name: string, entry: string) => {
    if (!abRoot) return null;
    const outdir = join(dir, `${name.replace(/\W/g, '_')}-baseline`);
    try {
      const theirs = (await import(pathToFileURL(join(abRoot, 'infra/aws/bundling.ts')).href)) as {
        bundleLambda: typeof bundleLambda;
      };
      await theirs.bundleLambda(join(abRoot, entry), outdir, { minify: !process.env.BENCH_CPU_PROF });
      return join(outdir, LAMBDA_ENTRY_FILE);
    } catch (err) {
      // A function new since the baseline (or one it cannot build) is measured without an A/B.
      console.error(`${name}: no baseline bundle from ${abRoot} (${(err as Error).message.split('\n')[0]})`);
      return null;
    }
  };
  const hello = await bundleOf('hello-floor', null);
  const helloEvent = join(dir, 'hello-floor.json');
  writeFileSync(helloEvent, '{}');
  // BENCH_ONLY=quote,lab/oru measures only the cases whose names contain one of these (and the floor
  // and the references beside it).
  const only = process.env.BENCH_ONLY?.split(',').map((s) => s.trim());
  const kept = (k: ColdStartCase) =>
    !only || k.entry === null || k.name.startsWith(REFERENCE_PREFIX) || only.some((o) => k.name.includes(o));
  for (const c of cases.filter(kept)) {
    const bundle = await bundleOf(c.name, c.entry);
    const baseline = c.entry ? await baselineOf(c.name, c.entry) : null;
    const samples: Array<Omit<ColdStart, 'helloMs' | 'ownMs' | 'ownCpuMs'> & { cpuMs: number }> = [];
    const baselineOwn: number[] = [];
    const baselineCpu: number[] = [];
    const floor: number[] = [];
    // One unmeasured run first: the stand-ins (DynamoDB Local's JVM above all) answer a path they
    // have not run yet far slower than they do once warm, and AWS's services are always warm, so the
    // figures should not depend on which parts of the bench ran before this one.
    const warmEvent = join(dir, `${c.name.replace(/\W/g, '_')}-warm.json`);
    writeFileSync(warmEvent, JSON.stringify(await c.event()));
    await runOnce(root, bundle, warmEvent, env).catch(() => undefined);
    let baselineFailures = 0;
    for (let i = 0; i < runs; i++) {
      const eventFile = join(dir, `${c.name.replace(/\W/g, '_')}-${i}.json`);
      writeFileSync(eventFile, JSON.stringify(await c.event()));
      // Both sides' events are made before either runs: making one can be real work on the stand-ins
      // (an order created and advanced), which must not sit right before one side only.
      const baseEvent = join(dir, `${c.name.replace(/\W/g, '_')}-${i}-baseline.json`);
      if (baseline) writeFileSync(baseEvent, JSON.stringify(await c.event()));
      floor.push((await runOnce(root, hello, helloEvent, env)).totalMs);
      // The baseline goes first in even runs and second in odd ones: a run that changes what the
      // next finds (a sweep) must not favour either side.
      const runBaseline = async () => {
        if (!baseline) return;
        const b = await runOnce(root, baseline, baseEvent, env);
        if ((c.ok ?? httpOk)(b)) {
          baselineOwn.push(b.importMs + b.invokeMs);
          baselineCpu.push(b.cpuMs);
        } else baselineFailures++;
      };
      if (i % 2 === 0) await runBaseline();
      const r = await runOnce(root, bundle, eventFile, env);
      if (i % 2 === 1) await runBaseline();
      // A failed first invoke would time the error path: the bench refuses to print that as a figure.
      if (!(c.ok ?? httpOk)(r)) {
        const failed = `first invoke did not do its work: ${JSON.stringify({ status: r.status, keys: r.keys, failures: r.failures })}`;
        console.error(`${c.name}: ${failed}`);
        results[c.name] = {
          totalMs: NaN,
          importMs: NaN,
          invokeMs: NaN,
          ownMs: NaN,
          ownCpuMs: NaN,
          helloMs: NaN,
          failed,
        };
        break;
      }
      samples.push(r);
    }
    if (results[c.name]?.failed) continue;
    if (baselineFailures)
      console.error(`${c.name}: ${baselineFailures} baseline run(s) did not do their work, left out`);
    results[c.name] = {
      totalMs: median(samples.map((s) => s.totalMs)),
      importMs: median(samples.map((s) => s.importMs)),
      invokeMs: median(samples.map((s) => s.invokeMs)),
      ownMs: median(samples.map((s) => s.importMs + s.invokeMs)),
      helloMs: median(floor),
      ownCpuMs: median(samples.map((s) => s.cpuMs)),
      ...(baselineOwn.length ? { baselineOwnMs: median(baselineOwn), baselineOwnCpuMs: median(baselineCpu) } : {}),
    };
  }
  return results;
}
