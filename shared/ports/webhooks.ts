import type { DeliveryRecord, DeliveryStatus } from '../domain/webhooks/delivery.js';
import type { RetryMessage } from '../domain/webhooks/retry-message.js';

export interface DeliveryStore {
  get(id: string): Promise<DeliveryRecord | null>;
  /** Pending deliveries whose next attempt is due at or before `now`. */
  due(now: Date, limit: number): Promise<DeliveryRecord[]>;
  /** Writes the record if it is still at `expectedVersion`; false when another worker got there first. */
  save(record: DeliveryRecord, expectedVersion: number): Promise<boolean>;
  listForPartner(
    partnerId: string,
    filter: { orderId?: string; status?: DeliveryStatus; limit: number },
  ): Promise<DeliveryRecord[]>;
  /** Failed deliveries of every partner, newest first, a page at a time. */
  listFailed(opts: {
    limit: number;
    startKey: string | null;
  }): Promise<{ records: DeliveryRecord[]; nextKey: string | null }>;
}

export interface SendResult {
  httpStatus: number | null;
  error: string | null;
  durationMs: number;
}

export interface WebhookSender {
  /** One POST, 10 s timeout, redirects never followed, the target checked against SSRF at send time. */
  send(url: string, body: string, headers: Record<string, string>): Promise<SendResult>;
}

/**
 * Carries each scheduled retry as its own message, delivered when the attempt is due (SQS with
 * DelaySeconds, re-enqueued in hops where the wait is longer than the queue's 15-minute limit).
 */
export interface RetryQueue {
  enqueue(message: RetryMessage, now: Date): Promise<void>;
}
