import { operatorHandler, pathParam, type AuditedEdgeDeps } from '../../shared/http/partner-handler.js';
import { json } from '../../shared/http/respond.js';
import { ApiError } from '../../shared/http/errors.js';
import { rotateWebhookSecret } from '../../shared/domain/partner.js';
import { parseJsonBody, parseOrThrow } from '../../shared/http/schemas/partner.js';
import { rotateWebhookSecretSchema } from '../../shared/http/schemas/admin.js';
import type { ServiceDeps } from '../../shared/app/service-deps.js';

/** What this handler needs from the composition root (its entry in lambdas/ passes them). */
type Deps = AuditedEdgeDeps & Pick<ServiceDeps, 'clock' | 'partnerStore'>;

/**
 * POST /admin/v1/partners/{id}/webhook-secret: creates or rotates the signing secret and shows it
 * once. The previous secret keeps signing beside the new one for `overlapHours` (24 unless the
 * body says otherwise; 0 retires it at once, after a leak).
 */
export const makeHandler = (deps: Deps) =>
  operatorHandler(deps, { action: 'webhook.secret_rotated', pathId: 'partnerId' }, async (event) => {
    const id = pathParam(event, 'id');
    const body = event.body?.trim() ? parseJsonBody(event.body) : {};
    const { overlapHours } = parseOrThrow(rotateWebhookSecretSchema, body);
    // The new list is computed from the secrets read, so it is written only while they are still
    // the stored ones (two rotations at once: the second reads again); nothing else is touched.
    for (let tries = 0; tries < 25; tries++) {
      const partner = await deps.partnerStore().get(id);
      if (!partner) throw new ApiError('not_found', 'No such partner.');
      const now = deps.clock().now();
      const { secrets, secret } = rotateWebhookSecret(partner, now, overlapHours);
      const secretsFrom = partner.webhookSecrets?.[0]?.secret ?? null;
      const written = await deps
        .partnerStore()
        .update(id, { webhookSecrets: secrets }, now.toISOString(), { secretsFrom });
      if (written === 'missing') throw new ApiError('not_found', 'No such partner.');
      if (written === 'changed') continue;
      const previous = secrets.slice(1).map((s) => s.expiresAt);
      return json(201, { secret, createdAt: now.toISOString(), previousSecretsValidUntil: previous });
    }
    // 25 rotations of one partner racing this one: the operator is told to try again.
    throw new ApiError('internal_error', 'The webhook secret changed repeatedly meanwhile; retry.');
  });
