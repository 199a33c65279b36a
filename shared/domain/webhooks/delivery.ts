import type { OutboxEvent, OrderEventType } from '../events.js';
import type { PublicOrderStatus } from '../order.js';
import { ATTEMPT_CLAIM_MS, MAX_ATTEMPTS, nextAttemptAt } from './schedule.js';

export type DeliveryStatus = 'pending' | 'succeeded' | 'failed' | 'no_endpoint';

export interface DeliveryAttempt {
  at: string;
  durationMs: number;
  httpStatus: number | null;
  error: string | null;
  /** replay: sent again on request, outside the schedule. */
  kind: 'scheduled' | 'replay';
}

export interface DeliveryRecord {
  id: string;
  event: OutboxEvent;
  status: DeliveryStatus;
  attempts: DeliveryAttempt[];
  nextAttemptAt: string | null;
  version: number;
}

/**
 * The delivery an outbox event starts as (what a state change writes): never attempted, and held
 * for the first attempt the writer makes inline, as a sweep's claim holds an attempt. The writer
 * sends without a claim write of its own; a sweep finds the record due only when that attempt never
 * recorded itself (the writer died), once the hold runs out.
 */
export function newDelivery(event: OutboxEvent): DeliveryRecord {
  const heldUntil = new Date(Date.parse(event.createdAt) + ATTEMPT_CLAIM_MS).toISOString();
  return { id: event.deliveryId, event, status: 'pending', attempts: [], nextAttemptAt: heldUntil, version: 0 };
}

const STATUS_OF: Record<OrderEventType, PublicOrderStatus> = {
  'order.requisition_ready': 'requisition_ready',
  'order.results_ready': 'results_ready',
  'order.cancelled': 'cancelled',
};

/** The payload: ids and the status hint only, never patient data or test names. Stable across attempts. */
export function webhookPayload(event: OutboxEvent) {
  return {
    id: event.deliveryId,
    type: event.type,
    createdAt: event.createdAt,
    data: { orderId: event.orderId, externalId: event.externalId, status: STATUS_OF[event.type] },
  };
}

/** The record after one scheduled attempt: succeeded, scheduled again, or failed after the 8th. */
export function afterAttempt(record: DeliveryRecord, attempt: DeliveryAttempt): DeliveryRecord {
  const attempts = [...record.attempts, attempt];
  const ok = attempt.httpStatus !== null && attempt.httpStatus >= 200 && attempt.httpStatus < 300;
  if (ok) return { ...record, attempts, status: 'succeeded', nextAttemptAt: null };
  if (attempt.kind === 'replay') return { ...record, attempts };
  const scheduled = attempts.filter((a) => a.kind === 'scheduled').length;
  const next = nextAttemptAt(scheduled, new Date(attempt.at));
  return { ...record, attempts, status: next ? 'pending' : 'failed', nextAttemptAt: next ? next.toISOString() : null };
}

export { MAX_ATTEMPTS };
