import { partnerHandler, pathParam } from '../../shared/http/partner-handler.js';
import { json } from '../../shared/http/respond.js';
import { ApiError } from '../../shared/http/errors.js';
import { requisitionLink } from '../../shared/app/partner-orders.js';
import { clock, documentStore, orderStore } from '../../shared/composition.js';

/** GET /api/v1/orders/{id}/requisition: a fresh 15-minute signed URL on every call. */
export const handler = partnerHandler({ action: 'requisition.url_issued' }, async (event, identity) => {
  const order = await orderStore().get(identity.partnerId, pathParam(event, 'id'));
  if (!order) throw new ApiError('not_found', 'No such order.');
  const signed = await requisitionLink({ documents: documentStore(), now: clock().now() }, order);
  if (!signed) throw new ApiError('not_ready', 'The requisition has not been issued yet.');
  return json(200, signed, { 'Cache-Control': 'no-store' });
});
