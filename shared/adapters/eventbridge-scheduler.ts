import { CreateScheduleCommand, SchedulerClient } from '@aws-sdk/client-scheduler';
import type { PlacementScheduler } from '../ports/placement-scheduler.js';

/**
 * One one-time EventBridge Scheduler schedule per order, invoking the placement Lambda with the
 * order id at its due time and deleting itself after it ran.
 */
export function eventBridgePlacementScheduler(config: {
  groupName: string;
  targetArn: string;
  roleArn: string;
  /** Where the scheduler puts an invocation it could not make after its retries (an alarm watches it). */
  deadLetterArn?: string;
}): PlacementScheduler {
  const client = new SchedulerClient({});
  return {
    async schedule(orderId: string, dueAt: Date): Promise<void> {
      await client.send(
        new CreateScheduleCommand({
          Name: `place-${orderId}`.slice(0, 64),
          GroupName: config.groupName,
          ScheduleExpression: `at(${dueAt.toISOString().slice(0, 19)})`,
          ScheduleExpressionTimezone: 'UTC',
          FlexibleTimeWindow: { Mode: 'OFF' },
          ActionAfterCompletion: 'DELETE',
          Target: {
            Arn: config.targetArn,
            RoleArn: config.roleArn,
            Input: JSON.stringify({ orderId }),
            RetryPolicy: { MaximumRetryAttempts: 3 },
            ...(config.deadLetterArn ? { DeadLetterConfig: { Arn: config.deadLetterArn } } : {}),
          },
        }),
      );
    },
  };
}
