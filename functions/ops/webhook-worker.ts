import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { attemptDelivery } from '../../shared/domain/webhooks/dispatch.js';
import { deliveryStore, dispatchDeps, clock } from '../../shared/composition.js';

/**
 * Consumes the delivery queue: one scheduled attempt per due delivery. A message whose delivery
 * could not be attempted is reported as a partial batch failure; poison messages end in the DLQ.
 */
export const handler = async (event: SQSEvent): Promise<SQSBatchResponse> => {
  const failures: SQSBatchResponse['batchItemFailures'] = [];
  for (const record of event.Records) {
    try {
      const { deliveryId } = JSON.parse(record.body) as { deliveryId: string };
      const delivery = await deliveryStore().get(deliveryId);
      // Already handled, or not due any more (another worker got there first): nothing to do.
      if (
        !delivery ||
        delivery.status !== 'pending' ||
        (delivery.nextAttemptAt && Date.parse(delivery.nextAttemptAt) > clock().now().getTime())
      )
        continue;
      await attemptDelivery(dispatchDeps(), delivery, 'scheduled');
    } catch {
      failures.push({ itemIdentifier: record.messageId });
    }
  }
  return { batchItemFailures: failures };
};
