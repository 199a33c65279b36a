import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { handleRetryMessage } from '../../shared/app/webhook-retries.js';
import type { ServiceDeps } from '../../shared/app/service-deps.js';

/**
 * Consumes the retry queue: each message is one scheduled retry (see shared/app/webhook-retries.ts).
 * A message that could not be handled is reported as a partial batch failure, so it comes back
 * after the visibility timeout; past the queue's maxReceiveCount it lands in the dead-letter queue.
 */
export const makeHandler =
  (deps: Pick<ServiceDeps, 'retryDeps'>) =>
  async (event: SQSEvent): Promise<SQSBatchResponse> => {
    const failures: SQSBatchResponse['batchItemFailures'] = [];
    for (const record of event.Records) {
      try {
        await handleRetryMessage(deps.retryDeps(), record.body);
      } catch {
        failures.push({ itemIdentifier: record.messageId });
      }
    }
    return { batchItemFailures: failures };
  };
