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
  const partner = await partnerStore().get(pathParam(event, 'id'));
  if (!partner) throw new ApiError('not_found', 'No such partner.');
  const updated = {
    ...partner,
    ...Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined)),
    updatedAt: clock().now().toISOString(),
  };
  await partnerStore().update(updated);
  return json(200, partnerView(updated));
});
