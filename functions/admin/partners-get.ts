import { operatorHandler, pathParam, type AuditedEdgeDeps } from '../../shared/http/partner-handler.js';
import { json } from '../../shared/http/respond.js';
import { ApiError } from '../../shared/http/errors.js';
import { keyView, partnerView } from '../../shared/http/views.js';
import type { ServiceDeps } from '../../shared/app/service-deps.js';

/** What this handler needs from the composition root (its entry in lambdas/ passes them). */
type Deps = AuditedEdgeDeps & Pick<ServiceDeps, 'partnerStore'>;

export const makeHandler = (deps: Deps) =>
  operatorHandler(deps, { action: 'partner.read', pathId: 'partnerId' }, async (event) => {
    const partner = await deps.partnerStore().get(pathParam(event, 'id'));
    if (!partner) throw new ApiError('not_found', 'No such partner.');
    // The keys as listed: ids to revoke by, never the key or its hash.
    return json(200, { ...partnerView(partner), keys: (await deps.partnerStore().listKeys(partner.id)).map(keyView) });
  });
