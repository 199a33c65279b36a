import { pageHandler, pageOrigin, pageResult } from '../../shared/http/page-handler.js';
import { query } from '../../shared/http/respond.js';
import { cartPage } from '../../shared/pages/content.js';
import { indexCatalog, type CatalogItem } from '../../shared/domain/catalog.js';
import { ITEM_ID_PATTERN, splitIds } from '../../shared/domain/public-query.js';
import { normalizeStateCode } from '../../shared/domain/us-states.js';
import { publicQuote } from '../../shared/domain/quote.js';
import { publicLinks } from '../../shared/domain/public-links.js';
import { SERVICE_CONFIG } from '../../shared/config/service-config.js';
import { catalogStore, clock } from '../../shared/composition.js';

/**
 * The cart: the same quote as the API (one pricing path), the fee on its own line, eligibility
 * once a state is chosen. Ids that cannot be added are listed for the person, not an error.
 */
export const handler = pageHandler(async (event) => {
  const q = query(event);
  const byId = indexCatalog(await catalogStore().get());
  const problems: string[] = [];
  const items: CatalogItem[] = [];
  for (const id of splitIds(q.items ?? '').slice(0, SERVICE_CONFIG.maxQuoteItems)) {
    const item = byId.get(id);
    if (!ITEM_ID_PATTERN.test(id)) problems.push(`“${id.slice(0, 64)}” is not a valid test id.`);
    else if (!item) problems.push(`We could not find a test called “${id}”.`);
    else items.push(item);
  }
  const rawState = q.state?.trim();
  const state = rawState ? normalizeStateCode(rawState) : null;
  if (rawState && !state) problems.push(`“${rawState.slice(0, 20)}” is not a US state code.`);
  const quote = items.length
    ? publicQuote(
        { items, state, byId, links: publicLinks(pageOrigin(event)), now: clock().now() },
        { fee: SERVICE_CONFIG.publicOrderFee, restrictedStates: SERVICE_CONFIG.restrictedStates },
      )
    : null;
  return pageResult(event, cartPage({ quote, problems, state }), { cache: false });
});
