import { partnerHandler, pathParam, type AuditedEdgeDeps } from '../../shared/http/partner-handler.js';
import { cancelAnswer } from '../../shared/http/outcomes.js';
import { cancelOrder } from '../../shared/app/cancel-order.js';
import { SERVICE_CONFIG } from '../../shared/config/service-config.js';
import type { ServiceDeps } from '../../shared/app/service-deps.js';

/** What this handler needs from the composition root (its entry in lambdas/ passes them). */
type Deps = AuditedEdgeDeps & Pick<ServiceDeps, 'cancelOrderDeps'>;

/** DELETE /api/v1/orders/{id}: cancels while the order provably never reached the lab, and refunds. */
export const makeHandler = (deps: Deps) =>
  partnerHandler(deps, { action: 'order.cancelled' }, async (event, identity, _context, note) =>
    cancelAnswer(
      await cancelOrder(deps.cancelOrderDeps(), identity.partnerId, pathParam(event, 'id'), note.withChange()),
      SERVICE_CONFIG.cancelWindowMinutes,
    ),
  );
