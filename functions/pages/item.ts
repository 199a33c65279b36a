import { pageHandler, pageNotFound, pageOrigin, pageResult } from '../../shared/http/page-handler.js';
import { itemPage } from '../../shared/pages/content.js';
import { indexCatalog } from '../../shared/domain/catalog.js';
import { publicLinks } from '../../shared/domain/public-links.js';
import { SERVICE_CONFIG } from '../../shared/config/service-config.js';
import { catalogStore } from '../../shared/composition.js';

/** /tests/{id} and /panels/{id}: the quote items' url. */
export const handler = pageHandler(async (event) => {
  const byId = indexCatalog(await catalogStore().get());
  const item = byId.get(event.pathParameters?.id ?? '');
  const wantedType = event.resource.startsWith('/panels') ? 'panel' : 'test';
  if (!item || item.type !== wantedType) return pageNotFound(event);
  return pageResult(
    event,
    itemPage(item, byId, publicLinks(pageOrigin(event)), SERVICE_CONFIG.publicOrderFee.amountCents),
  );
});
