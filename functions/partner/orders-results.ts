import { partnerHandler, pathParam } from '../../shared/http/partner-handler.js';
import { json } from '../../shared/http/respond.js';
import { ApiError } from '../../shared/http/errors.js';
import { PUBLIC_STATUS } from '../../shared/domain/order.js';
import { SERVICE_CONFIG } from '../../shared/config/service-config.js';
import { clock, documentStore, orderStore, resultsStore } from '../../shared/composition.js';

/** GET /api/v1/orders/{id}/results: the Results document with fresh signed PDF URLs. */
export const handler = partnerHandler({ action: 'results.url_issued' }, async (event, identity) => {
  const order = await orderStore().get(identity.partnerId, pathParam(event, 'id'));
  if (!order) throw new ApiError('not_found', 'No such order.');
  const results =
    order.state === 'results_reported' ? await resultsStore().get(identity.partnerId, order.id, order.resultsId) : null;
  if (!results) throw new ApiError('not_ready', 'Results have not been reported yet.');
  const now = clock().now();
  const pdfs = await Promise.all(
    results.pdfs.map(async (p) => ({
      id: p.id,
      label: p.label,
      ...(await documentStore().signedUrl(p.key, now, SERVICE_CONFIG.signedUrlTtlSeconds, `${order.id}-${p.id}.pdf`)),
    })),
  );
  return json(
    200,
    {
      status: PUBLIC_STATUS[order.state],
      reportedAt: results.reportedAt,
      source: results.source,
      pdfs,
      analytes: results.analytes,
    },
    { 'Cache-Control': 'no-store' },
  );
});
