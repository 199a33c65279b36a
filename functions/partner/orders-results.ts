import { partnerHandler, pathParam } from '../../shared/http/partner-handler.js';
import { json } from '../../shared/http/respond.js';
import { ApiError } from '../../shared/http/errors.js';
import { resultsDocument } from '../../shared/app/partner-orders.js';
import { clock, documentStore, orderStore, resultsStore } from '../../shared/composition.js';

/** GET /api/v1/orders/{id}/results: the Results document with fresh signed PDF URLs. */
export const handler = partnerHandler({ action: 'results.url_issued' }, async (event, identity) => {
  const order = await orderStore().get(identity.partnerId, pathParam(event, 'id'));
  if (!order) throw new ApiError('not_found', 'No such order.');
  const results = await resultsDocument(
    { documents: documentStore(), results: resultsStore(), now: clock().now() },
    identity.partnerId,
    order,
  );
  if (!results) throw new ApiError('not_ready', 'Results have not been reported yet.');
  return json(200, results, { 'Cache-Control': 'no-store' });
});
