import { CreateScheduleCommand, SchedulerClient } from '@aws-sdk/client-scheduler';
import type { PlacementScheduler } from '../ports/placement-scheduler.js';
import { logger } from './logger.js';
import { countMetric } from './alerts.js';
import { sdkClientConfig } from './local-endpoint.js';

/**
 * One one-time EventBridge Scheduler schedule per order, invoking the placement Lambda with the
 * order id at its due time and deleting itself after it ran. An event the target refuses after
 * its retries lands in the dead-letter queue. A schedule that cannot be created is logged and
 * counted (PlacementScheduleFailures), and the sweep places the order when it is due.
 */
export function eventBridgePlacementScheduler(config: {
  groupName: string;
  targetArn: string;
  roleArn: string;
  /** Where the scheduler puts an invocation it could not make after its retries (an alarm watches it). */
  deadLetterArn?: string;
  /** The local runtime's Scheduler stand-in; unset in AWS. */
  endpoint?: string;
}): PlacementScheduler {
  const client = new SchedulerClient(sdkClientConfig(config.endpoint));
  return {
    async schedule(orderId: string, dueAt: Date): Promise<void> {
      try {
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
      } catch (err) {
        logger.warn('placement schedule not created; the sweep will place the order', {
          orderId,
          error: (err as Error).name,
        });
        countMetric('PlacementScheduleFailures');
        throw err;
      }
    },
  };
}
