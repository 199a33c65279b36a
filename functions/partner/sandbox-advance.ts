import { partnerHandler, pathParam } from '../../shared/http/partner-handler.js';
import { json } from '../../shared/http/respond.js';
import { ApiError } from '../../shared/http/errors.js';
import { toPublicOrder } from '../../shared/domain/order.js';
import { advance } from '../../shared/domain/sandbox.js';
import { SERVICE_CONFIG } from '../../shared/config/service-config.js';
import { orderStore, runtimeEnv, sandboxDeps } from '../../shared/composition.js';

/** Sandbox only: POST /api/v1/sandbox/orders/{id}/advance moves an order to its next checkpoint now. */
export const handler = partnerHandler(async (event, identity) => {
  if (runtimeEnv().SERVICE_ENVIRONMENT !== 'sandbox') throw new ApiError('not_found');
  const order = await orderStore().get(identity.partnerId, pathParam(event, 'id'));
  if (!order) throw new ApiError('not_found', 'No such order.');
  const result = await advance(sandboxDeps(), order);
  if (!result.ok)
    throw new ApiError('validation_error', result.message, { details: { fields: { id: result.message } } });
  return json(200, toPublicOrder(result.order, SERVICE_CONFIG.cancelWindowMinutes));
});
