import { CreateScheduleCommand, SchedulerClient } from '@aws-sdk/client-scheduler';
import type { PlacementScheduler, ScheduledOrder } from '../ports/placement-scheduler.js';
import { logger } from './logger.js';
import { countMetric } from './alerts.js';
import { sdkClientConfig } from './local-endpoint.js';

export interface OneTimeScheduleConfig {
  groupName: string;
  targetArn: string;
  roleArn: string;
  /** Where the scheduler puts an invocation it could not make after its retries (an alarm watches it). */
  deadLetterArn?: string;
  /** The local runtime's Scheduler stand-in; unset in AWS. */
  endpoint?: string;
}

/**
 * One one-time EventBridge Scheduler schedule per order, invoking its target Lambda with the order's
 * id and its partner's (`{orderId, partnerId}`) at its due time and deleting itself after it ran.
 * An event the target refuses after its retries lands in the dead-letter queue. A schedule that
 * cannot be created is logged (ids only) and counted, and the error is rethrown for the caller to
 * decide.
 */
function oneTimeScheduler(
  config: OneTimeScheduleConfig & { namePrefix: string; failure: { message: string; metric: string } },
): PlacementScheduler {
  const client = new SchedulerClient(sdkClientConfig(config.endpoint));
  return {
    async schedule({ id: orderId, partnerId }: ScheduledOrder, dueAt: Date): Promise<void> {
      try {
        await client.send(
          new CreateScheduleCommand({
            Name: `${config.namePrefix}-${orderId}`.slice(0, 64),
            GroupName: config.groupName,
            ScheduleExpression: `at(${dueAt.toISOString().slice(0, 19)})`,
            ScheduleExpressionTimezone: 'UTC',
            FlexibleTimeWindow: { Mode: 'OFF' },
            ActionAfterCompletion: 'DELETE',
            Target: {
              Arn: config.targetArn,
              RoleArn: config.roleArn,
              // The partner id lets the target read the order by its key; ids only, never patient data.
              Input: JSON.stringify({ orderId, partnerId }),
              RetryPolicy: { MaximumRetryAttempts: 3 },
              ...(config.deadLetterArn ? { DeadLetterConfig: { Arn: config.deadLetterArn } } : {}),
            },
          }),
        );
      } catch (err) {
        // Names are one per order: an existing schedule is this order's, made by an earlier attempt.
        if ((err as Error).name === 'ConflictException') return;
        logger.warn(config.failure.message, { orderId, error: (err as Error).name });
        countMetric(config.failure.metric);
        throw err;
      }
    },
  };
}

/** Placement at the order's due time; the sweep places any order whose schedule was not created. */
export const eventBridgePlacementScheduler = (config: OneTimeScheduleConfig) =>
  oneTimeScheduler({
    ...config,
    namePrefix: 'place',
    failure: {
      message: 'placement schedule not created; the sweep will place the order',
      metric: 'PlacementScheduleFailures',
    },
  });

/** The AWS sandbox's simulated lab results, due some hours after the requisition. */
export const eventBridgeResultsScheduler = (config: OneTimeScheduleConfig) =>
  oneTimeScheduler({
    ...config,
    namePrefix: 'results',
    failure: {
      message: 'simulated results schedule not created; the sandbox advance endpoint reports them',
      metric: 'ResultsScheduleFailures',
    },
  });
