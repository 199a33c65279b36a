import { publicHandler, publicOrigin } from '../../shared/http/public-handler.js';
import { json } from '../../shared/http/respond.js';
import { publicCatalog } from '../../shared/domain/public-catalog.js';
import { publicLinks } from '../../shared/domain/public-links.js';
import { catalogStore } from '../../shared/composition.js';

export const handler = publicHandler(async (event) =>
  json(200, publicCatalog(await catalogStore().get(), publicLinks(publicOrigin(event)))),
);
