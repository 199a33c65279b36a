import { partnerHandler, pathParam, type AuditedEdgeDeps } from '../../shared/http/partner-handler.js';
import { json } from '../../shared/http/respond.js';
import { ApiError } from '../../shared/http/errors.js';
import { resultsDocument } from '../../shared/app/partner-orders.js';
import type { ServiceDeps } from '../../shared/app/service-deps.js';

/** What this handler needs from the composition root (its entry in lambdas/ passes them). */
type Deps = AuditedEdgeDeps & Pick<ServiceDeps, 'clock' | 'documentStore' | 'orderStore' | 'resultsStore'>;

/** GET /api/v1/orders/{id}/results: the Results document with fresh signed PDF URLs. */
export const makeHandler = (deps: Deps) =>
  partnerHandler(deps, { action: 'results.url_issued' }, async (event, identity) => {
    deps.documentStore().prepare?.(); // the links are signed by the S3 client: it loads in the read's wait
    const order = await deps.orderStore().get(identity.partnerId, pathParam(event, 'id'));
    if (!order) throw new ApiError('not_found', 'No such order.');
    const results = await resultsDocument(
      { documents: deps.documentStore(), results: deps.resultsStore(), now: deps.clock().now() },
      identity.partnerId,
      order,
    );
    if (!results) throw new ApiError('not_ready', 'Results have not been reported yet.');
    return json(200, results, { 'Cache-Control': 'no-store' });
  });
