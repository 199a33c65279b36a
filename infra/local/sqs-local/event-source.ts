import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { LOCAL_ACCOUNT, LOCAL_REGION, queueArn, type QueueEngine } from './queues.js';

export type SqsHandler = (event: SQSEvent) => Promise<SQSBatchResponse | void>;

export interface EventSourceMapping {
  queue: string;
  batchSize: number;
  /** `ReportBatchItemFailures`: only the listed messages stay on the queue. */
  reportBatchItemFailures: boolean;
  handler: SqsHandler;
}

/**
 * Lambda's SQS event source mapping, on the stand-in: receives batches, invokes the handler with
 * the SQSEvent AWS sends, and deletes what succeeded. A thrown error leaves the whole batch, a
 * partial batch response leaves the failed items, to come back after their visibility timeout
 * (and, past `maxReceiveCount`, to land in the dead-letter queue). Returns how many messages it
 * handed to the handler.
 */
export async function drainQueue(engine: QueueEngine, mapping: EventSourceMapping, maxBatches = 50): Promise<number> {
  let handled = 0;
  for (let i = 0; i < maxBatches; i++) {
    const batch = engine.receive(mapping.queue, Math.min(mapping.batchSize, 10));
    if (batch.length === 0) break;
    handled += batch.length;
    const event: SQSEvent = {
      Records: batch.map((m) => ({
        messageId: m.id,
        receiptHandle: m.receiptHandle as string,
        body: m.body,
        attributes: {
          ApproximateReceiveCount: String(m.receiveCount),
          SentTimestamp: String(m.sentAt),
          SenderId: LOCAL_ACCOUNT,
          ApproximateFirstReceiveTimestamp: String(m.firstReceivedAt ?? m.sentAt),
        },
        messageAttributes: Object.fromEntries(
          Object.entries(m.attributes).map(([k, v]) => [
            k,
            { dataType: v.DataType, stringValue: v.StringValue, stringListValues: [], binaryListValues: [] },
          ]),
        ),
        md5OfBody: m.md5,
        eventSource: 'aws:sqs',
        eventSourceARN: queueArn(mapping.queue),
        awsRegion: LOCAL_REGION,
      })),
    };
    let failed: Set<string>;
    try {
      const response = await mapping.handler(event);
      const ids = mapping.reportBatchItemFailures
        ? (response?.batchItemFailures ?? []).map((f) => f.itemIdentifier)
        : [];
      // Lambda treats an identifier it did not send (or an empty one) as a failure of the whole batch.
      failed = ids.some((id) => !batch.some((m) => m.id === id)) ? new Set(batch.map((m) => m.id)) : new Set(ids);
    } catch (err) {
      console.error(`local runtime: the consumer of ${mapping.queue} failed:`, (err as Error)?.name);
      failed = new Set(batch.map((m) => m.id));
    }
    for (const m of batch) if (!failed.has(m.id)) engine.delete(mapping.queue, m.receiptHandle as string);
  }
  return handled;
}
