import { partnerHandler, pathParam } from '../../shared/http/partner-handler.js';
import { json } from '../../shared/http/respond.js';
import { ApiError } from '../../shared/http/errors.js';
import { cancelError } from '../../shared/http/outcomes.js';
import { toPublicOrder } from '../../shared/domain/order.js';
import { cancelOrder } from '../../shared/app/cancel-order.js';
import { SERVICE_CONFIG } from '../../shared/config/service-config.js';
import { cancelOrderDeps } from '../../shared/composition.js';

/** DELETE /api/v1/orders/{id}: cancels while the order provably never reached the lab, and refunds. */
export const handler = partnerHandler({ action: 'order.cancelled' }, async (event, identity) => {
  const outcome = await cancelOrder(cancelOrderDeps(), identity.partnerId, pathParam(event, 'id'));
  if (outcome.kind === 'no_order') throw new ApiError('not_found', 'No such order.');
  if (outcome.kind === 'refused') throw cancelError(outcome);
  return json(200, toPublicOrder(outcome.order, SERVICE_CONFIG.cancelWindowMinutes, { refund: outcome.refund }));
});
