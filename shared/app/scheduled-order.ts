import type { OrderRecord } from '../domain/order.js';
import type { OrderStore } from '../ports/order-store.js';

/**
 * The order a one-time schedule names: by its key (one read) when the schedule carries the partner
 * id, by its id alone (the id's pointer, then the order: two reads) for a schedule made before
 * schedules carried it. A partner id the order is not filed under finds nothing.
 */
export function scheduledOrder(orders: OrderStore, orderId: string, partnerId?: string): Promise<OrderRecord | null> {
  return partnerId ? orders.get(partnerId, orderId) : orders.findById(orderId);
}
