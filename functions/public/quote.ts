import { publicHandler, readsCatalog, type PublicEdgeDeps } from '../../shared/http/public-handler.js';
import { json, query, repeatedQueryParameters } from '../../shared/http/respond.js';
import { publicQueryError } from '../../shared/http/public-errors.js';
import { decodeQuoteQuery } from '../../shared/domain/public-query.js';
import { publicQuote } from '../../shared/domain/quote.js';
import { indexCatalog, type CatalogItem } from '../../shared/domain/catalog.js';
import { publicLinks } from '../../shared/domain/public-links.js';
import { SERVICE_CONFIG } from '../../shared/config/service-config.js';
import type { ServiceDeps } from '../../shared/app/service-deps.js';
import { serviceOrigin } from '../../shared/http/middleware.js';

/** What this handler needs from the composition root (its entry in lambdas/ passes them). */
type Deps = PublicEdgeDeps & Pick<ServiceDeps, 'catalogStore' | 'clock'>;

export const makeHandler = (deps: Deps) =>
  publicHandler(
    deps,
    async (event) => {
      const byId = indexCatalog(await deps.catalogStore().get());
      const decoded = decodeQuoteQuery(query(event), (id) => byId.has(id), SERVICE_CONFIG.maxQuoteItems);
      if (!decoded.ok) throw publicQueryError(decoded.error, repeatedQueryParameters(event));
      const quote = publicQuote(
        {
          items: decoded.value.ids.map((id) => byId.get(id) as CatalogItem),
          state: decoded.value.state,
          byId,
          links: publicLinks(serviceOrigin(deps, event)),
          now: deps.clock().now(),
        },
        { fee: SERVICE_CONFIG.publicOrderFee, restrictedStates: SERVICE_CONFIG.restrictedStates },
      );
      return json(200, quote);
    },
    readsCatalog(deps),
  );
