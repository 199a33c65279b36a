import { publicHandler, publicOrigin } from '../../shared/http/public-handler.js';
import { json, query, repeatedQueryParameters } from '../../shared/http/respond.js';
import { publicQueryError } from '../../shared/http/public-errors.js';
import { decodeAvailabilityQuery } from '../../shared/domain/public-query.js';
import { buildAvailability } from '../../shared/domain/quote.js';
import { indexCatalog } from '../../shared/domain/catalog.js';
import { publicLinks } from '../../shared/domain/public-links.js';
import { SERVICE_CONFIG } from '../../shared/config/service-config.js';
import { catalogStore, clock } from '../../shared/composition.js';

export const handler = publicHandler(async (event) => {
  const byId = indexCatalog(await catalogStore().get());
  const decoded = decodeAvailabilityQuery(query(event), (id) => byId.has(id));
  if (!decoded.ok) throw publicQueryError(decoded.error, repeatedQueryParameters(event));
  const availability = buildAvailability({
    state: decoded.value.state,
    item: decoded.value.itemId ? (byId.get(decoded.value.itemId) ?? null) : null,
    restrictedStates: SERVICE_CONFIG.restrictedStates,
    byId,
    catalogUrl: publicLinks(publicOrigin(event)).catalogUrl,
    now: clock().now(),
  });
  return json(200, availability);
});
