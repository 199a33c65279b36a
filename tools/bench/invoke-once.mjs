// One cold start, in a fresh process: import a bundled handler, invoke it once with the event in
// the file named by argv[3], print the split as JSON. Run by cold-start.ts, five times per bundle.
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';

const [bundle, eventFile] = process.argv.slice(2);
const event = JSON.parse(readFileSync(eventFile, 'utf8'));
const deadline = Date.now() + 30_000;
const context = {
  functionName: 'bench',
  awsRequestId: 'bench',
  callbackWaitsForEmptyEventLoop: false,
  getRemainingTimeInMillis: () => deadline - Date.now(),
};
const cpu0 = process.cpuUsage();
const t0 = performance.now();
const mod = await import(bundle);
const t1 = performance.now();
const result = await mod.handler(event, context);
const t2 = performance.now();
// CPU time (every thread's, user and system) across the import and the invoke: unlike the clock,
// it does not count the time this process waited for a core on a busy machine.
const cpu = process.cpuUsage(cpu0);
// The answer's outline, for the caller to judge: proxy handlers answer a status code; the
// authorizer, the queue worker and the scheduled functions answer objects of their own.
console.log(
  JSON.stringify({
    importMs: t1 - t0,
    invokeMs: t2 - t1,
    cpuMs: (cpu.user + cpu.system) / 1000,
    status: result?.statusCode ?? null,
    keys: result && typeof result === 'object' ? Object.keys(result) : [],
    context: result?.context ?? null,
    outcome: typeof result?.outcome === 'string' ? result.outcome : null,
    failures: result?.batchItemFailures?.length ?? null,
  }),
);
process.exit(0); // SDK keep-alive sockets would hold the process open
