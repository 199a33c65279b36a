import { partnerHandler, pathParam } from '../../shared/http/partner-handler.js';
import { json } from '../../shared/http/respond.js';
import { ApiError } from '../../shared/http/errors.js';
import { parseJsonBody, parseOrThrow } from '../../shared/http/schemas/partner.js';
import { toPublicOrder } from '../../shared/domain/order.js';
import { simulate } from '../../shared/domain/sandbox.js';
import { simulateSchema } from '../../shared/http/schemas/sandbox.js';
import { SERVICE_CONFIG } from '../../shared/config/service-config.js';
import { orderStore, runtimeEnv, sandboxDeps } from '../../shared/composition.js';

/** Sandbox only: POST /api/v1/sandbox/orders/{id}/simulate {scenario} rehearses a branch of the lifecycle. */
export const handler = partnerHandler(async (event, identity) => {
  if (runtimeEnv().SERVICE_ENVIRONMENT !== 'sandbox') throw new ApiError('not_found');
  const { scenario } = parseOrThrow(simulateSchema, parseJsonBody(event.body));
  const order = await orderStore().get(identity.partnerId, pathParam(event, 'id'));
  if (!order) throw new ApiError('not_found', 'No such order.');
  const result = await simulate(sandboxDeps(), order, scenario);
  if (!result.ok)
    throw new ApiError('validation_error', result.message, { details: { fields: { scenario: result.message } } });
  return json(200, toPublicOrder(result.order, SERVICE_CONFIG.cancelWindowMinutes));
});
