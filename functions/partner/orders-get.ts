import { partnerHandler, pathParam, type AuditedEdgeDeps } from '../../shared/http/partner-handler.js';
import { json } from '../../shared/http/respond.js';
import { ApiError } from '../../shared/http/errors.js';
import { toPublicOrder } from '../../shared/domain/order.js';
import { SERVICE_CONFIG } from '../../shared/config/service-config.js';
import type { ServiceDeps } from '../../shared/app/service-deps.js';

/** What this handler needs from the composition root (its entry in lambdas/ passes them). */
type Deps = AuditedEdgeDeps & Pick<ServiceDeps, 'orderStore'>;

/** Another partner's order id reads exactly like an unknown one: 404 not_found. */
export const makeHandler = (deps: Deps) =>
  partnerHandler(deps, { action: 'order.read' }, async (event, identity) => {
    const order = await deps.orderStore().get(identity.partnerId, pathParam(event, 'id'));
    if (!order) throw new ApiError('not_found', 'No such order.');
    return json(200, toPublicOrder(order, SERVICE_CONFIG.cancelWindowMinutes));
  });
