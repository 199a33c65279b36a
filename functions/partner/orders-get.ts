import { partnerHandler, pathParam } from '../../shared/http/partner-handler.js';
import { json } from '../../shared/http/respond.js';
import { ApiError } from '../../shared/http/errors.js';
import { toPublicOrder } from '../../shared/domain/order.js';
import { SERVICE_CONFIG } from '../../shared/config/service-config.js';
import { orderStore } from '../../shared/composition.js';

/** Another partner's order id reads exactly like an unknown one: 404 not_found. */
export const handler = partnerHandler({ action: 'order.read' }, async (event, identity) => {
  const order = await orderStore().get(identity.partnerId, pathParam(event, 'id'));
  if (!order) throw new ApiError('not_found', 'No such order.');
  return json(200, toPublicOrder(order, SERVICE_CONFIG.cancelWindowMinutes));
});
