import { operatorHandler, pathParam } from '../../shared/http/partner-handler.js';
import { json } from '../../shared/http/respond.js';
import { ApiError } from '../../shared/http/errors.js';
import { rotateWebhookSecret } from '../../shared/domain/partner.js';
import { clock, partnerStore } from '../../shared/composition.js';

const OVERLAP_HOURS = 24;

/**
 * POST /admin/v1/partners/{id}/webhook-secret: creates or rotates the signing secret and shows it
 * once. The previous secret keeps signing beside the new one for 24 hours.
 */
export const handler = operatorHandler({ action: 'webhook.secret_rotated', pathId: 'partnerId' }, async (event) => {
  const partner = await partnerStore().get(pathParam(event, 'id'));
  if (!partner) throw new ApiError('not_found', 'No such partner.');
  const now = clock().now();
  const { secrets, secret } = rotateWebhookSecret(partner, now, OVERLAP_HOURS);
  await partnerStore().update({ ...partner, webhookSecrets: secrets, updatedAt: now.toISOString() });
  const previous = secrets.slice(1).map((s) => s.expiresAt);
  return json(201, { secret, createdAt: now.toISOString(), previousSecretsValidUntil: previous });
});
