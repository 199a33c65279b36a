import { partnerHandler, pathParam } from '../../shared/http/partner-handler.js';
import { json } from '../../shared/http/respond.js';
import { ApiError } from '../../shared/http/errors.js';
import { toPublicOrder } from '../../shared/domain/order.js';
import { cancelOrder } from '../../shared/domain/cancel-order.js';
import { SERVICE_CONFIG } from '../../shared/config/service-config.js';
import { cancelOrderDeps, orderStore, auditedEdge } from '../../shared/composition.js';

/** DELETE /api/v1/orders/{id}: cancels while the order provably never reached the lab, and refunds. */
export const handler = partnerHandler(auditedEdge, { action: 'order.cancelled' }, async (event, identity) => {
  const order = await orderStore().get(identity.partnerId, pathParam(event, 'id'));
  if (!order) throw new ApiError('not_found', 'No such order.');
  const result = await cancelOrder(cancelOrderDeps(), order);
  if (!result.ok) {
    throw new ApiError('cannot_cancel', `The order cannot be cancelled (${result.reason}).`, {
      details: { reason: result.reason },
    });
  }
  return json(200, toPublicOrder(result.order, SERVICE_CONFIG.cancelWindowMinutes, { refund: result.refund }));
});
