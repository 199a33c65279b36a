import { publicHandler, publicOrigin } from '../../shared/http/public-handler.js';
import { json, query, repeatedQueryParameters } from '../../shared/http/respond.js';
import { publicQueryError } from '../../shared/http/public-errors.js';
import { decodeQuoteQuery } from '../../shared/domain/public-query.js';
import { publicQuote } from '../../shared/domain/quote.js';
import { indexCatalog, type CatalogItem } from '../../shared/domain/catalog.js';
import { publicLinks } from '../../shared/domain/public-links.js';
import { SERVICE_CONFIG } from '../../shared/config/service-config.js';
import { catalogStore, clock } from '../../shared/composition.js';

export const handler = publicHandler(async (event) => {
  const byId = indexCatalog(await catalogStore().get());
  const decoded = decodeQuoteQuery(query(event), (id) => byId.has(id), SERVICE_CONFIG.maxQuoteItems);
  if (!decoded.ok) throw publicQueryError(decoded.error, repeatedQueryParameters(event));
  const quote = publicQuote(
    {
      items: decoded.value.ids.map((id) => byId.get(id) as CatalogItem),
      state: decoded.value.state,
      byId,
      links: publicLinks(publicOrigin(event)),
      now: clock().now(),
    },
    { fee: SERVICE_CONFIG.publicOrderFee, restrictedStates: SERVICE_CONFIG.restrictedStates },
  );
  return json(200, quote);
});
