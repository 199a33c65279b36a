import { operatorHandler, pathParam } from '../../shared/http/partner-handler.js';
import { json } from '../../shared/http/respond.js';
import { ApiError } from '../../shared/http/errors.js';
import { rotateWebhookSecret } from '../../shared/domain/partner.js';
import { clock, partnerStore } from '../../shared/composition.js';
import { parseJsonBody, parseOrThrow } from '../../shared/http/schemas/partner.js';
import { rotateWebhookSecretSchema } from '../../shared/http/schemas/admin.js';

/**
 * POST /admin/v1/partners/{id}/webhook-secret: creates or rotates the signing secret and shows it
 * once. The previous secret keeps signing beside the new one for `overlapHours` (24 unless the
 * body says otherwise; 0 retires it at once, after a leak).
 */
export const handler = operatorHandler(async (event) => {
  const body = event.body?.trim() ? parseJsonBody(event.body) : {};
  const { overlapHours } = parseOrThrow(rotateWebhookSecretSchema, body);
  const partner = await partnerStore().get(pathParam(event, 'id'));
  if (!partner) throw new ApiError('not_found', 'No such partner.');
  const now = clock().now();
  const { secrets, secret } = rotateWebhookSecret(partner, now, overlapHours);
  await partnerStore().update({ ...partner, webhookSecrets: secrets, updatedAt: now.toISOString() });
  const previous = secrets.slice(1).map((s) => s.expiresAt);
  return json(201, { secret, createdAt: now.toISOString(), previousSecretsValidUntil: previous });
});
