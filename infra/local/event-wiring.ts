import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { ScheduledEvent } from 'aws-lambda';
import { startSqsLocal, queueArn, queueUrlAt } from './sqs-local/index.js';
import { LOCAL_ACCOUNT, LOCAL_REGION } from './sqs-local/queues.js';
import { drainQueue, type SqsHandler } from './sqs-local/event-source.js';
import { startSchedulerLocal } from './scheduler-local/index.js';
import type { ServiceClock } from './service-clock.js';
import type { StandInPorts } from './ports.js';
import { BACKGROUND, scheduleTargetsFor } from '../../shared/manifest/index.js';

const repoRoot = resolve(fileURLToPath(new URL('../../', import.meta.url)));
const lambdaArn = (fn: string) => `arn:aws:lambda:${LOCAL_REGION}:${LOCAL_ACCOUNT}:function:${fn}`;
type Lambda = (event: unknown) => Promise<unknown>;

/** A rule's ScheduledEvent, as EventBridge sends it to a target given no input of its own. */
function scheduledEvent(rule: string, at: Date): ScheduledEvent {
  return {
    version: '0',
    id: crypto.randomUUID(),
    'detail-type': 'Scheduled Event',
    source: 'aws.events',
    account: LOCAL_ACCOUNT,
    time: at.toISOString().replace(/\.\d{3}Z$/, 'Z'),
    region: LOCAL_REGION,
    resources: [`arn:aws:events:${LOCAL_REGION}:${LOCAL_ACCOUNT}:rule/${rule}`],
    detail: {},
  };
}

/**
 * The background half of AWS, locally: SQS and EventBridge Scheduler stand-ins (reached by the
 * handlers through the AWS SDK, as in AWS), the rules' recurring sweeps, and the event source
 * mappings, all declared by the function manifest (shared/manifest) and all on the
 * service clock. `start` brings the stand-ins up and gives the environment the handlers need;
 * `wire`, once that environment is in place, loads the handlers and hands the work to the clock.
 */
/** What a function needs to reach the SQS and Scheduler stand-ins (the local runtime's, or the bench's cold starts). */
export function standInEnv(sqsEndpoint: string, schedulerEndpoint: string): Record<string, string> {
  return {
    SQS_ENDPOINT: sqsEndpoint,
    SCHEDULER_ENDPOINT: schedulerEndpoint,
    WEBHOOK_QUEUE_URL: queueUrlAt(sqsEndpoint, BACKGROUND.queues.webhookRetries.name),
    PLACEMENT_SCHEDULE_GROUP: BACKGROUND.scheduleTargets.placement.group('local'),
    PLACEMENT_TARGET_ARN: lambdaArn(BACKGROUND.scheduleTargets.placement.function.fn),
    PLACEMENT_ROLE_ARN: `arn:aws:iam::${LOCAL_ACCOUNT}:role/placement-scheduler`,
    PLACEMENT_DLQ_ARN: queueArn(BACKGROUND.scheduleTargets.placement.deadLetterQueue),
  };
}

export async function startEventStandIns(opts: { dataDir: string | null; clock: ServiceClock; ports: StandInPorts }) {
  const now = () => opts.clock.now().getTime();
  const lambdas = new Map<string, Lambda>();
  const sqs = await startSqsLocal({
    now,
    stateFile: opts.dataDir ? join(opts.dataDir, 'sqs.json') : null,
    port: await opts.ports.preferred('sqs'),
  });
  opts.ports.remember('sqs', sqs.port);
  for (const q of Object.values(BACKGROUND.queues)) {
    sqs.engine.createQueue(q.deadLetterQueue, { retentionSeconds: 14 * 86_400 });
    sqs.engine.createQueue(q.name, {
      visibilityTimeoutSeconds: q.visibilityTimeoutSeconds,
      redrive: { deadLetterTargetArn: queueArn(q.deadLetterQueue), maxReceiveCount: q.maxReceiveCount },
    });
  }
  const placementDlq = BACKGROUND.scheduleTargets.placement.deadLetterQueue;
  sqs.engine.createQueue(placementDlq, { retentionSeconds: 14 * 86_400 });
  const scheduler = await startSchedulerLocal({
    now,
    stateFile: opts.dataDir ? join(opts.dataDir, 'scheduler.json') : null,
    port: await opts.ports.preferred('scheduler'),
    // Scheduler invokes Lambda asynchronously: delivery fails only when the function cannot be
    // invoked; the handler's own failure is Lambda's to retry and log, not the Scheduler's.
    invokeTarget: async (arn, input) => {
      const fn = lambdas.get(arn);
      if (!fn) throw Object.assign(new Error(`no function ${arn}`), { name: 'ResourceNotFoundException' });
      await fn(JSON.parse(input)).catch((err: Error) =>
        console.error(`local runtime: ${arn.split(':').pop()} failed:`, err?.name),
      );
    },
    sendToDeadLetter: (arn, body, attributes) =>
      sqs.engine.send(
        arn.split(':').pop() as string,
        body,
        0,
        Object.fromEntries(Object.entries(attributes).map(([k, v]) => [k, { DataType: 'String', StringValue: v }])),
      ),
  });
  opts.ports.remember('scheduler', scheduler.port);

  const env = standInEnv(sqs.endpoint, scheduler.endpoint);

  async function wire(register: (name: string, run: (at: Date) => Promise<number>) => void) {
    const load = async (entry: string) =>
      ((await import(pathToFileURL(join(repoRoot, entry)).href)) as { handler: Lambda }).handler;
    // The targets that run locally (the sandbox's simulated results come from the MLLP lab stand-in).
    for (const key of scheduleTargetsFor('local')) {
      const target = BACKGROUND.scheduleTargets[key].function;
      lambdas.set(lambdaArn(target.fn), await load(target.entry));
    }
    const rules = await Promise.all(
      Object.entries(BACKGROUND.rules).map(async ([name, rule]) => ({
        name,
        rule,
        handler: await load(rule.function.entry),
        nextAt: now() + rule.rateMinutes * 60_000,
      })),
    );
    const mappings = await Promise.all(
      Object.values(BACKGROUND.queues).map(async (q) => ({
        queue: q.name,
        batchSize: q.batchSize,
        reportBatchItemFailures: true,
        handler: (await load(q.consumer.entry)) as SqsHandler,
      })),
    );
    const { alert } = await import('../../shared/adapters/alerts.js');
    const deadLettered = new Map<string, number>();
    register('schedules', async () => {
      let ran = await scheduler.engine.fireDue();
      for (const r of rules) {
        if (r.nextAt > now()) continue;
        // Missed periods collapse into one run, as after an outage.
        while (r.nextAt <= now()) r.nextAt += r.rule.rateMinutes * 60_000;
        await r
          .handler(r.rule.input ?? scheduledEvent(r.name, opts.clock.now()))
          .catch((err: Error) => console.error(`local runtime: the ${r.name} sweep failed:`, err?.name));
        ran++;
      }
      return ran;
    });
    register('queues', async () => {
      let handled = 0;
      for (const m of mappings) handled += await drainQueue(sqs.engine, m);
      // The alarm on each dead-letter queue (CloudWatch in AWS): an operator alert per new arrival.
      for (const name of [...Object.values(BACKGROUND.queues).map((q) => q.deadLetterQueue), placementDlq]) {
        const c = sqs.engine.counts(name);
        const depth = c.visible + c.inFlight + c.delayed;
        if (depth > (deadLettered.get(name) ?? 0)) alert('dead_letter_queue', { queue: name });
        deadLettered.set(name, depth);
      }
      return handled;
    });
  }

  return {
    env,
    wire,
    notes: [
      `SQS: ${sqs.endpoint} (queues: ${sqs.engine.names().join(', ')})`,
      `EventBridge Scheduler: ${scheduler.endpoint} (placement schedule group: ${env.PLACEMENT_SCHEDULE_GROUP})`,
    ],
    close: async () => {
      await scheduler.close();
      await sqs.close();
    },
  };
}
