import type { OrderRecord } from '../domain/order.js';
import type { OrderStore } from '../ports/order-store.js';

/**
 * An order named by its id, with its partner's id when the caller has it (a schedule's input, a
 * lab's OBR-18): by its key in one read; without it, or when the key finds nothing, by its id alone
 * (the id's pointer, then the order: two reads). A key of both the partner and the order can only
 * find that one order, so a wrong partner id costs a read, never a wrong order.
 */
export function orderByKey(
  orders: OrderStore,
  orderId: string,
  partnerId?: string | null,
): Promise<OrderRecord | null> {
  if (!partnerId) return orders.findById(orderId);
  return orders.get(partnerId, orderId).then((order) => order ?? orders.findById(orderId));
}
