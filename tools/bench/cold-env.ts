// What the cold starts run with: the environment pointing each fresh process at the local runtime's
// stand-ins, the headline cases, and the summary that puts each beside its own hello-world runs.
import { routeEvent, type ColdStart, type ColdStartCase } from './cold-start.js';
import { drawSiteSearch, mcpToolsList, orderCreation } from './cold-requests.js';
import { COLD_SECRETS } from './fixtures.js';
import { loadLocalSecrets } from '../../infra/local/local-secrets.js';
import { standInEnv } from '../../infra/local/event-wiring.js';
import { lambdaLikeEnv } from './lambda-env.js';
import { REFERENCE_PREFIX } from './goals.js';

export const HELLO_WORLD: ColdStartCase = { name: 'hello world', entry: null, event: () => ({}) };

/**
 * For reference, not a goal: one DynamoDB read through our client and nothing else (sdk-floor.ts),
 * what every function that reads the store pays before any work of its own.
 */
export const ONE_DYNAMODB_READ: ColdStartCase = {
  name: REFERENCE_PREFIX + 'one DynamoDB read',
  entry: 'tools/bench/sdk-floor.ts',
  event: () => ({}),
};

/**
 * The stand-ins' addresses, read from the local runtime's start-up output, and its sealing key from
 * its data directory, over this machine's environment without its Node settings (see lambdaLikeEnv).
 */
export function coldEnvFrom(serviceOutput: string, dataDir: string): NodeJS.ProcessEnv {
  const endpoint = (label: string) => new RegExp(`${label}: (http:\\/\\/\\S+)`).exec(serviceOutput)?.[1] as string;
  const sqsUrl = endpoint('SQS');
  return {
    ...lambdaLikeEnv(process.env),
    AWS_REGION: 'us-east-1',
    DYNAMODB_ENDPOINT: endpoint('DynamoDB Local'),
    STRIPE_API_BASE: endpoint('Stripe simulator'),
    S3_ENDPOINT: endpoint('S3 \\(s3rver\\)'),
    DOCUMENTS_BUCKET: 'lab-documents',
    WEBHOOK_ALLOW_LOOPBACK: 'true',
    // The runtime's SQS and Scheduler stand-ins: order creation schedules its placement, as in AWS.
    ...standInEnv(sqsUrl, endpoint('EventBridge Scheduler')),
    AWS_ACCESS_KEY_ID: 'bench',
    AWS_SECRET_ACCESS_KEY: 'bench',
    RATE_LIMIT_BURST: '100000000',
    RATE_LIMIT_PER_MINUTE: '100000000',
    LOG_LEVEL: 'SILENT',
    POWERTOOLS_LOG_LEVEL: 'SILENT',
    ...COLD_SECRETS,
    WEBHOOK_SEALING_KEY: loadLocalSecrets(dataDir, undefined).sealingKey,
  };
}

/** The five headline cold starts: hello world, a 50-item quote, an order, a draw-site search, MCP. */
export function headlineCases(quoteUrl: string, auth: { partnerId: string; keyId: string }): ColdStartCase[] {
  const quote = new URL(quoteUrl);
  return [
    HELLO_WORLD,
    {
      name: 'quote (50 items)',
      entry: 'lambdas/public/quote.ts',
      event: () => routeEvent('lambdas/public/quote.ts', quote.pathname + quote.search),
    },
    { name: 'order creation', entry: 'lambdas/partner/orders-create.ts', event: () => orderCreation(auth) },
    { name: 'draw-site search', entry: 'lambdas/partner/locations.ts', event: () => drawSiteSearch(auth) },
    { name: 'MCP tools/list', entry: 'lambdas/mcp/handler.ts', event: mcpToolsList },
  ];
}

/**
 * Each function's cold start is the hello-world floor (the median of the runs interleaved with its
 * own: Node's start, the same work for every function) plus its own import and first invoke, timed
 * inside its process; its ratio is that over the floor. A process whose Node start alone was slow
 * (this shared machine's noise) then does not count against the function it ran; its whole life,
 * start to answer, is reported beside (processMs).
 */
export const summarise = (measured: Record<string, ColdStart>) =>
  Object.fromEntries(
    Object.entries(measured).map(([k, v]) => [
      k,
      {
        coldStartMs: Math.round(v.helloMs + v.ownMs),
        processMs: Math.round(v.totalMs),
        importMs: Math.round(v.importMs),
        firstInvokeMs: Math.round(v.invokeMs),
        helloWorldMs: Math.round(v.helloMs),
        vsHelloWorld: Number(((v.helloMs + v.ownMs) / v.helloMs).toFixed(2)),
        ownMs: Math.round(v.ownMs),
        ...(v.baselineOwnMs !== undefined
          ? {
              baselineOwnMs: Math.round(v.baselineOwnMs),
              ownVsBaseline: Number((v.ownMs / v.baselineOwnMs).toFixed(2)),
              ownCpuMs: Math.round(v.ownCpuMs),
              baselineOwnCpuMs: Math.round(v.baselineOwnCpuMs ?? NaN),
              cpuVsBaseline: Number((v.ownCpuMs / (v.baselineOwnCpuMs ?? NaN)).toFixed(2)),
            }
          : {}),
        ...(v.failed ? { failed: v.failed } : {}),
      },
    ]),
  );
