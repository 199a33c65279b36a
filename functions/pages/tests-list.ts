import { pageHandler, pageOrigin, pageResult } from '../../shared/http/page-handler.js';
import { catalogPage } from '../../shared/pages/content.js';
import { publicLinks } from '../../shared/domain/public-links.js';
import { catalogStore } from '../../shared/composition.js';

/** The catalogue listing: the quote's catalogUrl. */
export const handler = pageHandler(async (event) =>
  pageResult(event, catalogPage(await catalogStore().get(), publicLinks(pageOrigin(event)))),
);
