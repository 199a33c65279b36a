import { pageHandler, pageNotFound, pageResult } from '../../shared/http/page-handler.js';
import { itemPage } from '../../shared/pages/content.js';
import { indexCatalog } from '../../shared/domain/catalog.js';
import { publicLinks } from '../../shared/domain/public-links.js';
import { SERVICE_CONFIG } from '../../shared/config/service-config.js';
import type { ServiceDeps } from '../../shared/app/service-deps.js';
import { serviceOrigin, type EdgeDeps } from '../../shared/http/middleware.js';

/** What this handler needs from the composition root (its entry in lambdas/ passes them). */
type Deps = EdgeDeps & Pick<ServiceDeps, 'catalogStore'>;

/** /tests/{id} and /panels/{id}: the quote items' url. */
export const makeHandler = (deps: Deps) =>
  pageHandler(deps, async (event) => {
    const byId = indexCatalog(await deps.catalogStore().get());
    const item = byId.get(event.pathParameters?.id ?? '');
    const wantedType = event.resource.startsWith('/panels') ? 'panel' : 'test';
    if (!item || item.type !== wantedType) return pageNotFound(event);
    return pageResult(
      event,
      itemPage(item, byId, publicLinks(serviceOrigin(deps, event)), SERVICE_CONFIG.publicOrderFee.amountCents),
    );
  });
