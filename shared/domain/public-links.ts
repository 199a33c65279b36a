import type { CatalogItem } from './catalog.js';
import type { PublicLinks } from './quote.js';

/** The public site's addresses: one home for the page paths the quote, MCP and pages link to. */
export function publicLinks(origin: string): PublicLinks & { itemPath(item: CatalogItem): string } {
  const itemPath = (item: CatalogItem) => `/${item.type === 'panel' ? 'panels' : 'tests'}/${item.id}`;
  return {
    itemPath,
    itemUrl: (item) => `${origin}${itemPath(item)}`,
    checkoutUrl: (ids) => `${origin}/cart/handoff?items=${ids.map(encodeURIComponent).join(',')}`,
    catalogUrl: `${origin}/tests`,
  };
}
