import type { OrderRecord } from './order.js';

/** Where an order's requisition PDF lives in the document store. */
export function requisitionKey(order: Pick<OrderRecord, 'id' | 'partnerId'>): string {
  return `requisitions/${order.partnerId}/${order.id}.pdf`;
}
