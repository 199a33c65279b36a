import { operatorHandler, pathParam, type AuditedEdgeDeps } from '../../shared/http/partner-handler.js';
import { json } from '../../shared/http/respond.js';
import { assertWebhookUrl } from '../../shared/http/webhook-url.js';
import { ApiError } from '../../shared/http/errors.js';
import { parseJsonBody, parseOrThrow } from '../../shared/http/schemas/parse.js';
import { updatePartnerSchema } from '../../shared/http/schemas/admin.js';
import { partnerView } from '../../shared/http/views.js';
import type { ServiceDeps } from '../../shared/app/service-deps.js';

/** What this handler needs from the composition root (its entry in lambdas/ passes them). */
type Deps = AuditedEdgeDeps & Pick<ServiceDeps, 'clock' | 'partnerStore' | 'webhookPolicy'>;

export const makeHandler = (deps: Deps) =>
  operatorHandler(deps, { action: 'partner.updated', pathId: 'partnerId' }, async (event) => {
    const patch = parseOrThrow(updatePartnerSchema, parseJsonBody(event.body));
    assertWebhookUrl(deps.webhookPolicy(), patch.webhookUrl);
    // Only the fields this request names are written: a concurrent change to another field (a
    // suspension, a secret rotation) is never overwritten with what this request read.
    const updated = await deps.partnerStore().update(pathParam(event, 'id'), patch, deps.clock().now().toISOString());
    if (typeof updated === 'string') throw new ApiError('not_found', 'No such partner.');
    return json(200, partnerView(updated));
  });
