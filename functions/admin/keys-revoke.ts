import { operatorHandler, pathParam, type AuditedEdgeDeps } from '../../shared/http/partner-handler.js';
import { json } from '../../shared/http/respond.js';
import { ApiError } from '../../shared/http/errors.js';
import { keyView } from '../../shared/http/views.js';
import type { ServiceDeps } from '../../shared/app/service-deps.js';

/** What this handler needs from the composition root (its entry in lambdas/ passes them). */
type Deps = AuditedEdgeDeps & Pick<ServiceDeps, 'clock' | 'partnerStore'>;

/** Revokes a key at once: the authorizer does not cache, so the next request with it is refused. */
export const makeHandler = (deps: Deps) =>
  operatorHandler(deps, { action: 'key.revoked', pathId: 'partnerId' }, async (event) => {
    const key = await deps.partnerStore().getKey(pathParam(event, 'id'), pathParam(event, 'keyId'));
    if (!key) throw new ApiError('not_found', 'No such key.');
    const revokedAt = key.revokedAt ?? deps.clock().now().toISOString();
    if (!key.revokedAt) await deps.partnerStore().revokeKey(key, revokedAt);
    return json(200, { ...keyView(key), revokedAt });
  });
