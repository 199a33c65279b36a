import type { SQSClient } from '@aws-sdk/client-sqs';
import type { RetryQueue } from '../ports/webhooks.js';
import { delaySeconds } from '../domain/webhooks/retry-message.js';
import { logger } from './logger.js';
import { countMetric } from './alerts.js';
import { sdkClientConfig } from './local-endpoint.js';

/**
 * Webhook retries on SQS: one message per retry, held back with DelaySeconds until it is due (or
 * 15 minutes, after which the worker sends it on). A message that cannot be sent is logged and
 * counted (WebhookRetryEnqueueFailures); the backstop sweep then finds the overdue delivery.
 * The SQS client is loaded with the first retry (a chunk of its own in the Lambda bundle): most
 * functions that send webhooks never need one in their container's life.
 */
export function sqsRetryQueue(config: { queueUrl: string; endpoint?: string }): RetryQueue {
  let client: Promise<SQSClient> | null = null;
  const sqs = () =>
    (client ??= import('@aws-sdk/client-sqs').then((m) => new m.SQSClient(sdkClientConfig(config.endpoint))));
  return {
    async enqueue(message, now) {
      try {
        const [queue, { SendMessageCommand }] = await Promise.all([sqs(), import('@aws-sdk/client-sqs')]);
        await queue.send(
          new SendMessageCommand({
            QueueUrl: config.queueUrl,
            MessageBody: JSON.stringify(message),
            DelaySeconds: delaySeconds(message.dueAt, now),
          }),
        );
      } catch (err) {
        logger.warn('webhook retry not enqueued; the backstop sweep will find it', {
          deliveryId: message.deliveryId,
          error: (err as Error).name,
        });
        countMetric('WebhookRetryEnqueueFailures');
        throw err;
      }
    },
  };
}
