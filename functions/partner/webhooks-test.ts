import { partnerHandler } from '../../shared/http/partner-handler.js';
import { json } from '../../shared/http/respond.js';
import { ApiError } from '../../shared/http/errors.js';
import { sendTestEvent } from '../../shared/app/partner-webhooks.js';
import type { ServiceDeps } from '../../shared/app/service-deps.js';
import type { EdgeDeps } from '../../shared/http/middleware.js';

/** What this handler needs from the composition root (its entry in lambdas/ passes them). */
type Deps = EdgeDeps & Pick<ServiceDeps, 'clock' | 'dispatchDeps' | 'partnerStore'>;

/**
 * POST /api/v1/webhooks/test: sends a signed `webhook.test` event to the partner's endpoint now
 * and reports what happened. It is not recorded and never retried.
 */
export const makeHandler = (deps: Deps) =>
  partnerHandler(deps, async (_event, identity) => {
    const result = await sendTestEvent(
      { partners: deps.partnerStore(), dispatch: deps.dispatchDeps(), now: deps.clock().now() },
      identity.partnerId,
    );
    if (!result) throw new ApiError('invalid_api_key');
    return json(200, result);
  });
