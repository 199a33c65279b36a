// Order events, written to the outbox in the same transaction as the state change that causes
// them, so no event is lost if anything fails after the change.

export type OrderEventType = 'order.requisition_ready' | 'order.results_ready' | 'order.cancelled';

export interface OutboxEvent {
  /** `<order_id>__<event_type>__<trigger>`: stable, so a repeated write is a no-op. */
  deliveryId: string;
  type: OrderEventType;
  orderId: string;
  partnerId: string;
  externalId: string | null;
  /** What caused it: placement, lab_results, operator_upload, partner_cancel, sandbox... */
  trigger: string;
  createdAt: string;
}

export function outboxEvent(
  type: OrderEventType,
  order: { id: string; partnerId: string; externalId: string | null },
  trigger: string,
  now: Date,
): OutboxEvent {
  return {
    deliveryId: `${order.id}__${type}__${trigger}`,
    type,
    orderId: order.id,
    partnerId: order.partnerId,
    externalId: order.externalId,
    trigger,
    createdAt: now.toISOString(),
  };
}
