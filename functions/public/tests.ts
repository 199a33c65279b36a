import { publicHandler, publicOrigin } from '../../shared/http/public-handler.js';
import { cachedJson } from '../../shared/http/conditional.js';
import { publicCatalog } from '../../shared/domain/public-catalog.js';
import { publicLinks } from '../../shared/domain/public-links.js';
import { catalogStore } from '../../shared/composition.js';

/** GET /api/tests: built once per catalogue version and origin. */
export const handler = publicHandler(async (event) => {
  const catalog = await catalogStore().get();
  const origin = publicOrigin(event);
  return cachedJson(`tests ${catalog.version} ${origin}`, () => publicCatalog(catalog, publicLinks(origin)));
});
