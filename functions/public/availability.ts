import { publicHandler, readsCatalog, type PublicEdgeDeps } from '../../shared/http/public-handler.js';
import { json, query, repeatedQueryParameters } from '../../shared/http/respond.js';
import { publicQueryError } from '../../shared/http/public-errors.js';
import { decodeAvailabilityQuery } from '../../shared/domain/public-query.js';
import { buildAvailability } from '../../shared/domain/quote.js';
import { indexCatalog } from '../../shared/domain/catalog.js';
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
      const decoded = decodeAvailabilityQuery(query(event), (id) => byId.has(id));
      if (!decoded.ok) throw publicQueryError(decoded.error, repeatedQueryParameters(event));
      const availability = buildAvailability({
        state: decoded.value.state,
        item: decoded.value.itemId ? (byId.get(decoded.value.itemId) ?? null) : null,
        restrictedStates: SERVICE_CONFIG.restrictedStates,
        byId,
        catalogUrl: publicLinks(serviceOrigin(deps, event)).catalogUrl,
        now: deps.clock().now(),
      });
      return json(200, availability);
    },
    readsCatalog(deps),
  );
