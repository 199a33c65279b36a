import { pageHandler, pageResult } from '../../shared/http/page-handler.js';
import { catalogPage } from '../../shared/pages/content.js';
import { publicLinks } from '../../shared/domain/public-links.js';
import type { ServiceDeps } from '../../shared/app/service-deps.js';
import { serviceOrigin, type EdgeDeps } from '../../shared/http/middleware.js';

/** What this handler needs from the composition root (its entry in lambdas/ passes them). */
type Deps = EdgeDeps & Pick<ServiceDeps, 'catalogStore'>;

/** The catalogue listing: the quote's catalogUrl. */
export const makeHandler = (deps: Deps) =>
  pageHandler(deps, async (event) =>
    pageResult(event, catalogPage(await deps.catalogStore().get(), publicLinks(serviceOrigin(deps, event)))),
  );
