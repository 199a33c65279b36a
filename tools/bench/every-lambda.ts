// Cold-start cases for every Lambda the stack deploys: each with a real request that makes the
// handler do its work against the running local runtime (the HTTP requests in cold-requests.ts, the
// background functions' events here). Requests that change something get fresh fixtures per run.
import type { ColdStartCase } from './cold-start.js';
import { coldRequests } from './cold-requests.js';
import { benchFixtures, type Service } from './fixtures.js';
import { lambdaEntries } from '../bundle-report.js';
import { BACKGROUND } from '../../shared/manifest/index.js';

export { COLD_SECRETS, startReceiver, type Service } from './fixtures.js';

export async function everyLambdaCases(root: string, service: Service, receiverUrl: string): Promise<ColdStartCase[]> {
  const ctx = await benchFixtures(root, service, receiverUrl);
  const { f } = ctx;
  const requests = coldRequests(ctx);
  const authorizerCase: ColdStartCase = {
    name: 'partner authorizer',
    entry: BACKGROUND.authorizer.entry,
    event: () => ({
      type: 'REQUEST',
      methodArn: 'arn:aws:execute-api:us-east-1:000000000000:bench/v1/GET/api/v1/orders',
      headers: { Authorization: `Bearer ${f.key}` },
    }),
    ok: (a) => a.context?.partnerId === f.partnerId,
  };
  const ops: ColdStartCase[] = [
    {
      name: 'placement sweep (with recovery)',
      entry: BACKGROUND.scheduleTargets.placement.function.entry,
      event: () => ({ sweep: true }),
      ok: (a) => a.keys.includes('placed') && a.keys.includes('recovered'),
    },
    {
      name: 'webhook retry cron',
      entry: BACKGROUND.rules['webhook-retry-sweep']?.function.entry as string,
      event: () => ({}),
      ok: (a) => a.keys.includes('queued'),
    },
    {
      name: 'webhook worker',
      entry: BACKGROUND.queues.webhookRetries.consumer.entry,
      event: () => ({
        Records: [
          { messageId: 'm1', body: JSON.stringify({ deliveryId: f.deliveryId, dueAt: new Date().toISOString() }) },
        ],
      }),
      ok: (a) => a.failures === 0,
    },
    {
      name: 'settlement sweep',
      entry: BACKGROUND.rules['settlement-sweep']?.function.entry as string,
      event: () => ({}),
      ok: (a) => a.keys.includes('settled'),
    },
    {
      name: 'catalogue seed',
      entry: BACKGROUND.customResources.catalogSeed.function.entry,
      event: () => ({ RequestType: 'Create' }),
      ok: (a) => a.keys.includes('PhysicalResourceId'),
    },
    {
      // The AWS sandbox's results schedule target, each run on an order of its own whose requisition
      // is out: it reports the results (one order reported twice would answer not_awaiting_results).
      // Its event is the one its schedule carries: the order's id and its partner's.
      name: 'simulated results (sandbox schedule target)',
      entry: BACKGROUND.scheduleTargets.simulatedResults.function.entry,
      event: async () => {
        const orderId = await ctx.newOrder();
        await ctx.advance(orderId);
        return { orderId, partnerId: ctx.f.partnerId };
      },
      ok: (a) => a.outcome === 'reported',
    },
  ];
  const covered = new Set([...Object.keys(requests), authorizerCase.entry, ...ops.map((o) => o.entry)]);
  const missing = lambdaEntries().filter((e) => !covered.has(e));
  if (missing.length) throw new Error(`no cold-start request for: ${missing.join(', ')}`);
  const stale = Object.keys(requests).filter((e) => !lambdaEntries().includes(e));
  if (stale.length)
    throw new Error(`cold-start requests for functions the stack no longer deploys: ${stale.join(', ')}`);
  return [
    ...Object.entries(requests).map(([entry, event]): ColdStartCase => ({
      name: entry.replace(/^lambdas\//, '').replace(/\.ts$/, ''),
      entry,
      event,
    })),
    authorizerCase,
    ...ops,
  ];
}
