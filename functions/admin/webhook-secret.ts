import { operatorHandler, pathParam, type AuditedEdgeDeps } from '../../shared/http/partner-handler.js';
import { json } from '../../shared/http/respond.js';
import { ApiError } from '../../shared/http/errors.js';
import { rotateSigningSecret } from '../../shared/app/webhook-secrets.js';
import { parseJsonBody, parseOrThrow } from '../../shared/http/schemas/parse.js';
import { rotateWebhookSecretSchema } from '../../shared/http/schemas/admin.js';
import type { ServiceDeps } from '../../shared/app/service-deps.js';

/** What this handler needs from the composition root (its entry in lambdas/ passes them). */
type Deps = AuditedEdgeDeps & Pick<ServiceDeps, 'webhookSecretDeps'>;

/**
 * POST /admin/v1/partners/{id}/webhook-secret: creates or rotates the signing secret and shows it
 * once (it is stored sealed). The previous secret keeps signing beside the new one for
 * `overlapHours` (24 unless the body says otherwise; 0 retires it at once, after a leak).
 */
export const makeHandler = (deps: Deps) =>
  operatorHandler(deps, { action: 'webhook.secret_rotated', pathId: 'partnerId' }, async (event) => {
    const id = pathParam(event, 'id');
    const body = event.body?.trim() ? parseJsonBody(event.body) : {};
    const { overlapHours } = parseOrThrow(rotateWebhookSecretSchema, body);
    const outcome = await rotateSigningSecret(deps.webhookSecretDeps(), id, overlapHours);
    if (outcome.ok) {
      const { secret, createdAt, previousSecretsValidUntil } = outcome;
      return json(201, { secret, createdAt, previousSecretsValidUntil });
    }
    if (outcome.reason === 'not_found') throw new ApiError('not_found', 'No such partner.');
    throw new ApiError('internal_error', 'The webhook secret changed repeatedly meanwhile; retry.');
  });
