import { partnerHandler, pathParam } from '../../shared/http/partner-handler.js';
import { cancelAnswer } from '../../shared/http/outcomes.js';
import { cancelOrder } from '../../shared/app/cancel-order.js';
import { SERVICE_CONFIG } from '../../shared/config/service-config.js';
import { cancelOrderDeps } from '../../shared/composition.js';

/** DELETE /api/v1/orders/{id}: cancels while the order provably never reached the lab, and refunds. */
export const handler = partnerHandler({ action: 'order.cancelled' }, async (event, identity) =>
  cancelAnswer(
    await cancelOrder(cancelOrderDeps(), identity.partnerId, pathParam(event, 'id')),
    SERVICE_CONFIG.cancelWindowMinutes,
  ),
);
