import { partnerHandler, pathParam } from '../../shared/http/partner-handler.js';
import { json } from '../../shared/http/respond.js';
import { ApiError } from '../../shared/http/errors.js';
import { attemptDelivery } from '../../shared/domain/webhooks/dispatch.js';
import { deliveryView } from '../../shared/http/views.js';
import { deliveryStore, dispatchDeps } from '../../shared/composition.js';

/** POST /api/v1/webhooks/deliveries/{id}/replay: sends one of the partner's own deliveries again now. */
export const handler = partnerHandler(async (event, identity) => {
  const record = await deliveryStore().get(pathParam(event, 'id'));
  if (!record || record.event.partnerId !== identity.partnerId) throw new ApiError('not_found', 'No such delivery.');
  const replayed = await attemptDelivery(dispatchDeps(), record, 'replay');
  if (!replayed)
    throw new ApiError('idempotency_in_progress', 'The delivery is being attempted right now; try again in a moment.');
  return json(200, deliveryView(replayed));
});
