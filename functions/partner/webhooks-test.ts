import { partnerHandler } from '../../shared/http/partner-handler.js';
import { json } from '../../shared/http/respond.js';
import { ApiError } from '../../shared/http/errors.js';
import { sendTestEvent } from '../../shared/app/partner-webhooks.js';
import { clock, dispatchDeps, partnerStore } from '../../shared/composition.js';

/**
 * POST /api/v1/webhooks/test: sends a signed `webhook.test` event to the partner's endpoint now
 * and reports what happened. It is not recorded and never retried.
 */
export const handler = partnerHandler(async (_event, identity) => {
  const result = await sendTestEvent(
    { partners: partnerStore(), dispatch: dispatchDeps(), now: clock().now() },
    identity.partnerId,
  );
  if (!result) throw new ApiError('invalid_api_key');
  return json(200, result);
});
