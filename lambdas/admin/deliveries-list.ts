import { makeHandler } from '../../functions/admin/deliveries-list.js';
import { cursorSecret, deliveryStore, edge, orderStore } from '../../shared/composition.js';

export const handler = makeHandler({ ...edge, cursorSecret, deliveryStore, orderStore });
