import { partnerHandler, pathParam } from '../../shared/http/partner-handler.js';
import { json } from '../../shared/http/respond.js';
import { ApiError } from '../../shared/http/errors.js';
import { deliveryView } from '../../shared/http/views.js';
import { replayDelivery } from '../../shared/app/partner-webhooks.js';
import { deliveryStore, dispatchDeps } from '../../shared/composition.js';

/** POST /api/v1/webhooks/deliveries/{id}/replay: sends one of the partner's own deliveries again now. */
export const handler = partnerHandler(async (event, identity) => {
  const outcome = await replayDelivery(
    { deliveries: deliveryStore(), dispatch: dispatchDeps() },
    identity.partnerId,
    pathParam(event, 'id'),
  );
  if (!outcome.ok && outcome.reason === 'not_found') throw new ApiError('not_found', 'No such delivery.');
  if (!outcome.ok)
    throw new ApiError('idempotency_in_progress', 'The delivery is being attempted right now; try again in a moment.');
  return json(200, deliveryView(outcome.delivery));
});
