import { partnerHandler, pathParam } from '../../shared/http/partner-handler.js';
import { json } from '../../shared/http/respond.js';
import { ApiError } from '../../shared/http/errors.js';
import { requisitionKey } from '../../shared/domain/documents.js';
import { SERVICE_CONFIG } from '../../shared/config/service-config.js';
import { clock, documentStore, orderStore } from '../../shared/composition.js';

/** GET /api/v1/orders/{id}/requisition: a fresh 15-minute signed URL on every call. */
export const handler = partnerHandler({ action: 'requisition.url_issued' }, async (event, identity) => {
  const order = await orderStore().get(identity.partnerId, pathParam(event, 'id'));
  if (!order) throw new ApiError('not_found', 'No such order.');
  if (!order.requisitionIssuedAt) throw new ApiError('not_ready', 'The requisition has not been issued yet.');
  const signed = await documentStore().signedUrl(
    requisitionKey(order),
    clock().now(),
    SERVICE_CONFIG.signedUrlTtlSeconds,
    `requisition-${order.id}.pdf`,
  );
  return json(200, signed, { 'Cache-Control': 'no-store' });
});
