import { publicHandler, readsCatalog, type PublicEdgeDeps } from '../../shared/http/public-handler.js';
import { cachedJson } from '../../shared/http/conditional.js';
import { publicCatalog } from '../../shared/domain/public-catalog.js';
import { publicLinks } from '../../shared/domain/public-links.js';
import type { ServiceDeps } from '../../shared/app/service-deps.js';
import { serviceOrigin } from '../../shared/http/middleware.js';

/** What this handler needs from the composition root (its entry in lambdas/ passes them). */
type Deps = PublicEdgeDeps & Pick<ServiceDeps, 'catalogStore'>;

/** GET /api/tests: built once per catalogue version and origin. */
export const makeHandler = (deps: Deps) =>
  publicHandler(
    deps,
    async (event) => {
      const catalog = await deps.catalogStore().get();
      const origin = serviceOrigin(deps, event);
      return cachedJson(`tests ${catalog.version} ${origin}`, () => publicCatalog(catalog, publicLinks(origin)));
    },
    readsCatalog(deps),
  );
