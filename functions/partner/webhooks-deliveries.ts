import { partnerHandler } from '../../shared/http/partner-handler.js';
import { json, query } from '../../shared/http/respond.js';
import { parseOrThrow } from '../../shared/http/schemas/partner.js';
import { deliveriesQuerySchema } from '../../shared/http/schemas/webhooks.js';
import { deliveryView } from '../../shared/http/views.js';
import { validationError } from '../../shared/http/errors.js';
import { deliveryStore } from '../../shared/composition.js';

/** GET /api/v1/webhooks/deliveries?orderId=&status=&limit=: the partner's own delivery log, newest first. */
export const handler = partnerHandler(async (event, identity) => {
  const q = parseOrThrow(deliveriesQuerySchema, query(event), 'A query parameter is invalid.');
  if (q.partnerId) throw validationError({ partnerId: 'is not a recognised field' }, 'A query parameter is invalid.');
  const data = await deliveryStore().listForPartner(identity.partnerId, {
    limit: q.limit ?? 50,
    ...(q.orderId ? { orderId: q.orderId } : {}),
    ...(q.status ? { status: q.status } : {}),
  });
  return json(200, { data: data.map(deliveryView) });
});
