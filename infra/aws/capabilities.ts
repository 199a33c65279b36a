import type { Stack } from 'aws-cdk-lib';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { Queue } from 'aws-cdk-lib/aws-sqs';
import {
  BACKGROUND,
  schedulesOf,
  type DeployStage,
  type ManifestFunction,
  type QueueKey,
  type ScheduleTargetKey,
} from '../../shared/manifest/index.js';
import type { ScheduleWiring } from './background-wiring.js';
import type { ServiceFunction } from './constructs/service-function.js';
import { acknowledge, iam5, nagRegion } from './nag.js';

/**
 * What a manifest function declares beyond its tables: the schedules it creates (CreateSchedule in
 * the target's group, PassRole to its scheduler role only, and the environment naming them), the
 * queues it sends to, and usage-plan keys.
 */
export function grantCapabilities(
  stack: Stack,
  stage: DeployStage,
  f: ManifestFunction,
  fn: ServiceFunction,
  background: { schedules: Partial<Record<ScheduleTargetKey, ScheduleWiring>>; queues: Record<QueueKey, Queue> },
  usagePlanId: string,
): void {
  for (const key of schedulesOf(f, stage)) {
    const s = background.schedules[key];
    if (!s) continue;
    const env = BACKGROUND.scheduleTargets[key].env;
    fn.fn.addEnvironment(`${env}_SCHEDULE_GROUP`, s.group.ref);
    fn.fn.addEnvironment(`${env}_TARGET_ARN`, s.target.fn.functionArn);
    fn.fn.addEnvironment(`${env}_ROLE_ARN`, s.role.roleArn);
    fn.fn.addEnvironment(`${env}_DLQ_ARN`, s.deadLetters.queueArn);
    // Create schedules in this group only, and hand them only the scheduler's role.
    acknowledge(
      fn,
      iam5(
        `Resource::arn:<AWS::Partition>:scheduler:${nagRegion(stack)}:<AWS::AccountId>:schedule/<${stack.getLogicalId(s.group)}>/*`,
        'One schedule per order, in this target’s schedule group only.',
      ),
    );
    fn.fn.addToRolePolicy(
      new PolicyStatement({
        actions: ['scheduler:CreateSchedule'],
        resources: [stack.formatArn({ service: 'scheduler', resource: 'schedule', resourceName: `${s.group.ref}/*` })],
      }),
    );
    fn.fn.addToRolePolicy(
      new PolicyStatement({
        actions: ['iam:PassRole'],
        resources: [s.role.roleArn],
        conditions: { StringEquals: { 'iam:PassedToService': 'scheduler.amazonaws.com' } },
      }),
    );
  }
  for (const key of f.sends) {
    fn.fn.addEnvironment(BACKGROUND.queues[key].urlEnv, background.queues[key].queueUrl);
    background.queues[key].grantSendMessages(fn.fn);
  }
  if (f.spec.usagePlanKeys) {
    // New partners get their own key in the standard usage plan (per-partner throttling).
    fn.fn.addEnvironment('USAGE_PLAN_ID', usagePlanId);
    fn.fn.addToRolePolicy(
      new PolicyStatement({
        actions: ['apigateway:POST'],
        resources: [
          stack.formatArn({ service: 'apigateway', account: '', resource: '/apikeys' }),
          stack.formatArn({ service: 'apigateway', account: '', resource: `/usageplans/${usagePlanId}/keys` }),
        ],
      }),
    );
  }
}
