import { operatorHandler } from '../../shared/http/partner-handler.js';
import { json, query } from '../../shared/http/respond.js';
import { validationError } from '../../shared/http/errors.js';
import { parseOrThrow } from '../../shared/http/schemas/partner.js';
import { deliveriesQuerySchema } from '../../shared/http/schemas/webhooks.js';
import { deliveryView } from '../../shared/http/views.js';
import { deliveryStore, orderStore } from '../../shared/composition.js';

/** GET /admin/v1/deliveries?orderId=|partnerId=&status=: deliveries with every attempt and the next one. */
export const handler = operatorHandler(async (event) => {
  const q = parseOrThrow(deliveriesQuerySchema, query(event), 'A query parameter is invalid.');
  const partnerId = q.partnerId ?? (q.orderId ? (await orderStore().findById(q.orderId))?.partnerId : undefined);
  if (!partnerId) {
    if (q.orderId) return json(200, { data: [] });
    throw validationError({ orderId: 'orderId or partnerId is required' }, 'A query parameter is invalid.');
  }
  const data = await deliveryStore().listForPartner(partnerId, {
    limit: q.limit ?? 100,
    ...(q.orderId ? { orderId: q.orderId } : {}),
    ...(q.status ? { status: q.status } : {}),
  });
  return json(200, { data: data.map(deliveryView) });
});
