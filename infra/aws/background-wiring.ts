import { CustomResource, Duration, Validations, type Stack } from 'aws-cdk-lib';
import { CfnScheduleGroup } from 'aws-cdk-lib/aws-scheduler';
import { Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Rule, RuleTargetInput, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import { Provider } from 'aws-cdk-lib/custom-resources';
import {
  BACKGROUND,
  scheduleTargetsFor,
  type DeployStage,
  type ManifestFunction,
  type QueueKey,
  type ScheduleTargetKey,
} from '../../shared/manifest/index.js';
import type { ServiceAlarms } from './constructs/alarms.js';
import type { ServiceFunction } from './constructs/service-function.js';
import { acknowledge, arnRef, hipaa, iam5 } from './nag.js';
import catalogSeed from '../../data/catalog.json' with { type: 'json' };

const pascal = (name: string) => name.replace(/(^|[-_])(\w)/g, (_, __, c: string) => c.toUpperCase());

export interface ScheduleWiring {
  group: CfnScheduleGroup;
  role: Role;
  deadLetters: Queue;
  target: ServiceFunction;
}

/** A dead-letter queue for work the service gave up on, with the alarm that makes it seen. */
export function deadLetterQueue(stack: Stack, alarms: ServiceAlarms, id: string): Queue {
  const queue = new Queue(stack, id, {
    encryption: QueueEncryption.SQS_MANAGED,
    enforceSSL: true,
    retentionPeriod: Duration.days(14),
  });
  Validations.of(queue).acknowledge({
    id: 'AwsSolutions::AwsSolutions-SQS3',
    reason: 'This queue is itself a dead-letter queue; an alarm fires on its first message.',
  });
  alarms.watchDeadLetters(id, queue);
  return queue;
}

/**
 * Everything the manifest invokes without an API: each schedule target's group, scheduler role and
 * dead-letter queue; each sweep's rule; each queue with its dead-letter queue and event source
 * mapping; each custom resource. `fnOf` gives the Lambda made for a manifest function.
 */
export function wireBackground(
  stack: Stack,
  stage: DeployStage,
  alarms: ServiceAlarms,
  functions: ManifestFunction[],
  fnOf: (f: ManifestFunction) => ServiceFunction,
  asyncDeadLetters: () => Queue,
): { schedules: Partial<Record<ScheduleTargetKey, ScheduleWiring>>; queues: Record<QueueKey, Queue> } {
  const byRole = (pick: (f: ManifestFunction) => boolean) => fnOf(functions.find(pick) as ManifestFunction);
  const schedules: Partial<Record<ScheduleTargetKey, ScheduleWiring>> = {};
  for (const key of scheduleTargetsFor(stage)) {
    const spec = BACKGROUND.scheduleTargets[key];
    const name = pascal(key);
    const target = byRole((f) => f.scheduleTargets.includes(key));
    const group = new CfnScheduleGroup(stack, `${name}Schedules`, { name: spec.group(stage) });
    // Only EventBridge Scheduler acting for this account may assume the role.
    const role = new Role(stack, `${name}SchedulerRole`, {
      assumedBy: new ServicePrincipal('scheduler.amazonaws.com', {
        conditions: { StringEquals: { 'aws:SourceAccount': stack.account } },
      }),
    });
    target.fn.grantInvoke(role);
    acknowledge(
      role,
      iam5(`Resource::${arnRef(target.fn)}:*`, `The scheduler may invoke any version of the ${name} function.`),
    );
    // A schedule the scheduler could not deliver after its retries lands here.
    const deadLetters = deadLetterQueue(stack, alarms, `${name}ScheduleDlq`);
    deadLetters.grantSendMessages(role);
    schedules[key] = { group, role, deadLetters, target };
  }
  for (const [name, rule] of Object.entries(BACKGROUND.rules)) {
    const fn = byRole((f) => f.rules.includes(name));
    new Rule(stack, pascal(name), {
      schedule: Schedule.rate(Duration.minutes(rule.rateMinutes)),
      targets: [
        new LambdaFunction(fn.fn, {
          ...(rule.input ? { event: RuleTargetInput.fromObject(rule.input) } : {}),
          deadLetterQueue: asyncDeadLetters(),
        }),
      ],
    });
  }
  const queues = {} as Record<QueueKey, Queue>;
  for (const [key, spec] of Object.entries(BACKGROUND.queues) as Array<
    [QueueKey, (typeof BACKGROUND.queues)[QueueKey]]
  >) {
    const name = pascal(key);
    const queue = new Queue(stack, `${name}Queue`, {
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      visibilityTimeout: Duration.seconds(spec.visibilityTimeoutSeconds),
      deadLetterQueue: {
        queue: deadLetterQueue(stack, alarms, `${name}Dlq`),
        maxReceiveCount: spec.maxReceiveCount,
      },
    });
    byRole((f) => f.queueConsumer === key).fn.addEventSource(
      new SqsEventSource(queue, { batchSize: spec.batchSize, reportBatchItemFailures: true }),
    );
    queues[key] = queue;
  }
  for (const name of Object.keys(BACKGROUND.customResources)) {
    const seeder = byRole((f) => f.customResource === name);
    const provider = new Provider(stack, `${pascal(name)}Provider`, { onEventHandler: seeder.fn });
    acknowledge(
      provider,
      iam5(`Resource::${arnRef(seeder.fn)}:*`, 'The provider may invoke any version of the seeding function.'),
      hipaa('LambdaDLQ', 'CloudFormation invokes the provider framework synchronously and sees every failure.'),
    );
    // A new seed version re-runs the custom resource, so a deploy ships catalogue changes.
    new CustomResource(stack, pascal(name), {
      serviceToken: provider.serviceToken,
      properties: { seedVersion: String((catalogSeed as { version: string }).version) },
    });
  }
  return { schedules, queues };
}
