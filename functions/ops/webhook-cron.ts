import { SQSClient, SendMessageBatchCommand } from '@aws-sdk/client-sqs';
import { deliveryStore, clock, runtimeEnv } from '../../shared/composition.js';
import { logger } from '../../shared/adapters/logger.js';

const sqs = new SQSClient({});

/** Every 5 minutes: hands the deliveries that are due to the delivery queue (ids only). */
export const handler = async () => {
  const due = await deliveryStore().due(clock().now(), 500);
  for (let i = 0; i < due.length; i += 10) {
    await sqs.send(
      new SendMessageBatchCommand({
        QueueUrl: runtimeEnv().WEBHOOK_QUEUE_URL,
        Entries: due
          .slice(i, i + 10)
          .map((d, j) => ({ Id: String(j), MessageBody: JSON.stringify({ deliveryId: d.id }) })),
      }),
    );
  }
  logger.info('webhook retries queued', { count: due.length });
  return { queued: due.length };
};
