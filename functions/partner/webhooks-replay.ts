import { partnerHandler, pathParam } from '../../shared/http/partner-handler.js';
import { json } from '../../shared/http/respond.js';
import { ApiError } from '../../shared/http/errors.js';
import { deliveryView } from '../../shared/http/views.js';
import { replayDelivery } from '../../shared/app/partner-webhooks.js';
import type { ServiceDeps } from '../../shared/app/service-deps.js';
import type { EdgeDeps } from '../../shared/http/middleware.js';

/** What this handler needs from the composition root (its entry in lambdas/ passes them). */
type Deps = EdgeDeps & Pick<ServiceDeps, 'deliveryStore' | 'dispatchDeps'>;

/** POST /api/v1/webhooks/deliveries/{id}/replay: sends one of the partner's own deliveries again now. */
export const makeHandler = (deps: Deps) =>
  partnerHandler(deps, async (event, identity) => {
    const outcome = await replayDelivery(
      { deliveries: deps.deliveryStore(), dispatch: deps.dispatchDeps() },
      identity.partnerId,
      pathParam(event, 'id'),
    );
    if (!outcome.ok && outcome.reason === 'not_found') throw new ApiError('not_found', 'No such delivery.');
    if (!outcome.ok)
      throw new ApiError(
        'idempotency_in_progress',
        'The delivery is being attempted right now; try again in a moment.',
      );
    return json(200, deliveryView(outcome.delivery));
  });
