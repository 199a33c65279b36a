import { operatorHandler, pathParam } from '../../shared/http/partner-handler.js';
import { json } from '../../shared/http/respond.js';
import { ApiError } from '../../shared/http/errors.js';
import { attemptDelivery } from '../../shared/domain/webhooks/dispatch.js';
import { deliveryView } from '../../shared/http/views.js';
import { deliveryStore, dispatchDeps } from '../../shared/composition.js';

const AUDIT = { action: 'delivery.replayed', pathId: 'subjectId', fromAnswer: { orderId: 'orderId' } } as const;

/** POST /admin/v1/deliveries/{id}/replay: sends a delivery again now, recorded in its log. */
export const handler = operatorHandler(AUDIT, async (event) => {
  const record = await deliveryStore().get(pathParam(event, 'id'));
  if (!record) throw new ApiError('not_found', 'No such delivery.');
  const replayed = await attemptDelivery(dispatchDeps(), record, 'replay');
  if (!replayed)
    throw new ApiError('idempotency_in_progress', 'The delivery is being attempted right now; try again in a moment.');
  return json(200, deliveryView(replayed));
});
