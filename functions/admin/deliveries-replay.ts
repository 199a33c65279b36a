import { operatorHandler, pathParam, type AuditedEdgeDeps } from '../../shared/http/partner-handler.js';
import { json } from '../../shared/http/respond.js';
import { ApiError } from '../../shared/http/errors.js';
import { attemptDelivery } from '../../shared/app/deliver-webhook.js';
import { deliveryView } from '../../shared/http/views.js';
import type { ServiceDeps } from '../../shared/app/service-deps.js';

/** What this handler needs from the composition root (its entry in lambdas/ passes them). */
type Deps = AuditedEdgeDeps & Pick<ServiceDeps, 'deliveryStore' | 'dispatchDeps'>;

const AUDIT = { action: 'delivery.replayed', pathId: 'subjectId', fromAnswer: { orderId: 'orderId' } } as const;

/** POST /admin/v1/deliveries/{id}/replay: sends a delivery again now, recorded in its log. */
export const makeHandler = (deps: Deps) =>
  operatorHandler(deps, AUDIT, async (event, _context, audit) => {
    const record = await deps.deliveryStore().get(pathParam(event, 'id'));
    if (!record) throw new ApiError('not_found', 'No such delivery.');
    // The delivery names its order's partner: the audit record is filed under both without looking the order up.
    audit.about({ orderId: record.event.orderId, partnerId: record.event.partnerId });
    const replayed = await attemptDelivery(deps.dispatchDeps(), record, 'replay');
    if (!replayed)
      throw new ApiError(
        'idempotency_in_progress',
        'The delivery is being attempted right now; try again in a moment.',
      );
    return json(200, deliveryView(replayed));
  });
