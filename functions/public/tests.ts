import { publicHandler, type PublicEdgeDeps } from '../../shared/http/public-handler.js';
import { json } from '../../shared/http/respond.js';
import { publicCatalog } from '../../shared/domain/public-catalog.js';
import { publicLinks } from '../../shared/domain/public-links.js';
import type { ServiceDeps } from '../../shared/app/service-deps.js';
import { serviceOrigin } from '../../shared/http/middleware.js';

/** What this handler needs from the composition root (its entry in lambdas/ passes them). */
type Deps = PublicEdgeDeps & Pick<ServiceDeps, 'catalogStore'>;

export const makeHandler = (deps: Deps) =>
  publicHandler(deps, async (event) =>
    json(200, publicCatalog(await deps.catalogStore().get(), publicLinks(serviceOrigin(deps, event)))),
  );
