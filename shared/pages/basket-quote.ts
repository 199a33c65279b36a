import { indexCatalog, type CatalogItem } from '../domain/catalog.js';
import { ITEM_ID_PATTERN } from '../domain/public-query.js';
import { normalizeStateCode } from '../domain/us-states.js';
import { publicQuote, type Quote } from '../domain/quote.js';
import { publicLinks } from '../domain/public-links.js';
import { SERVICE_CONFIG } from '../config/service-config.js';
import type { ServiceDeps } from '../app/service-deps.js';

/** What pricing a basket reads: the catalogue and the service clock. */
export type BasketDeps = Pick<ServiceDeps, 'catalogStore' | 'clock'>;

export interface BasketQuote {
  quote: Quote | null;
  /** The ids that are in the basket (known catalogue items), in order. */
  ids: string[];
  state: string | null;
  /** What could not be taken, in words for the person (never an error page). */
  problems: string[];
}

/** Prices a basket with the public quote itself (one pricing path), keeping the ids that exist. */
export async function quoteBasket(
  deps: BasketDeps,
  origin: string,
  wanted: readonly string[],
  rawState?: string,
): Promise<BasketQuote> {
  const byId = indexCatalog(await deps.catalogStore().get());
  const problems: string[] = [];
  const items: CatalogItem[] = [];
  for (const id of wanted.slice(0, SERVICE_CONFIG.maxQuoteItems)) {
    const item = byId.get(id);
    if (!ITEM_ID_PATTERN.test(id)) problems.push(`“${id.slice(0, 64)}” is not a valid test id.`);
    else if (!item) problems.push(`We could not find a test called “${id}”.`);
    else items.push(item);
  }
  if (wanted.length > SERVICE_CONFIG.maxQuoteItems)
    problems.push(`A cart holds at most ${SERVICE_CONFIG.maxQuoteItems} items; the rest were left out.`);
  const trimmed = rawState?.trim();
  const state = trimmed ? normalizeStateCode(trimmed) : null;
  if (trimmed && !state) problems.push(`“${trimmed.slice(0, 20)}” is not a US state code.`);
  const quote = items.length
    ? publicQuote(
        { items, state, byId, links: publicLinks(origin), now: deps.clock().now() },
        { fee: SERVICE_CONFIG.publicOrderFee, restrictedStates: SERVICE_CONFIG.restrictedStates },
      )
    : null;
  return { quote, ids: items.map((i) => i.id), state, problems };
}

export async function inCatalogue(deps: Pick<BasketDeps, 'catalogStore'>, id: string): Promise<boolean> {
  return indexCatalog(await deps.catalogStore().get()).has(id);
}
