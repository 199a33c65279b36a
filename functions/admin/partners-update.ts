import { operatorHandler, pathParam } from '../../shared/http/partner-handler.js';
import { json } from '../../shared/http/respond.js';
import { assertWebhookUrl } from '../../shared/http/webhook-url.js';
import { ApiError } from '../../shared/http/errors.js';
import { parseJsonBody, parseOrThrow } from '../../shared/http/schemas/partner.js';
import { updatePartnerSchema } from '../../shared/http/schemas/admin.js';
import { partnerView } from '../../shared/http/views.js';
import { clock, partnerStore } from '../../shared/composition.js';

export const handler = operatorHandler({ action: 'partner.updated', pathId: 'partnerId' }, async (event) => {
  const patch = parseOrThrow(updatePartnerSchema, parseJsonBody(event.body));
  assertWebhookUrl(patch.webhookUrl);
  // Only the fields this request names are written: a concurrent change to another field (a
  // suspension, a secret rotation) is never overwritten with what this request read.
  const updated = await partnerStore().update(pathParam(event, 'id'), patch, clock().now().toISOString());
  if (typeof updated === 'string') throw new ApiError('not_found', 'No such partner.');
  return json(200, partnerView(updated));
});
