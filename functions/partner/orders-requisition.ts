import { partnerHandler, pathParam, type AuditedEdgeDeps } from '../../shared/http/partner-handler.js';
import { json } from '../../shared/http/respond.js';
import { ApiError } from '../../shared/http/errors.js';
import { requisitionLink } from '../../shared/app/partner-orders.js';
import type { ServiceDeps } from '../../shared/app/service-deps.js';

/** What this handler needs from the composition root (its entry in lambdas/ passes them). */
type Deps = AuditedEdgeDeps & Pick<ServiceDeps, 'clock' | 'documentStore' | 'orderStore'>;

/** GET /api/v1/orders/{id}/requisition: a fresh 15-minute signed URL on every call. */
export const makeHandler = (deps: Deps) =>
  partnerHandler(deps, { action: 'requisition.url_issued' }, async (event, identity) => {
    deps.documentStore().prepare?.(); // the links are signed by the S3 client: it loads in the read's wait
    const order = await deps.orderStore().get(identity.partnerId, pathParam(event, 'id'));
    if (!order) throw new ApiError('not_found', 'No such order.');
    const signed = await requisitionLink({ documents: deps.documentStore(), now: deps.clock().now() }, order);
    if (!signed) throw new ApiError('not_ready', 'The requisition has not been issued yet.');
    return json(200, signed, { 'Cache-Control': 'no-store' });
  });
