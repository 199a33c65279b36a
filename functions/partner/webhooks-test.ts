import { partnerHandler } from '../../shared/http/partner-handler.js';
import { json } from '../../shared/http/respond.js';
import { ApiError } from '../../shared/http/errors.js';
import { sendSigned } from '../../shared/domain/webhooks/dispatch.js';
import { newId } from '../../shared/domain/ids.js';
import { clock, dispatchDeps, partnerStore } from '../../shared/composition.js';

/**
 * POST /api/v1/webhooks/test: sends a signed `webhook.test` event to the partner's endpoint now
 * and reports what happened. It is not recorded and never retried.
 */
export const handler = partnerHandler(async (_event, identity) => {
  const partner = await partnerStore().get(identity.partnerId);
  if (!partner) throw new ApiError('invalid_api_key');
  const now = clock().now();
  const id = newId('dlv', now);
  const payload = {
    id,
    type: 'webhook.test',
    createdAt: now.toISOString(),
    data: { orderId: null, externalId: null, status: null },
  };
  const result = await sendSigned(dispatchDeps(), partner, now, payload);
  return json(200, {
    id,
    delivered: result.httpStatus !== null && result.httpStatus >= 200 && result.httpStatus < 300,
    ...result,
  });
});
