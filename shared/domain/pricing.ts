import type { CatalogItem } from './catalog.js';

export interface PricedLine {
  item: CatalogItem;
  unitPriceCents: number;
  quantity: 1;
}

export interface PricedBasket {
  lines: PricedLine[];
  subtotalCents: number;
  feeCents: number;
  totalCents: number;
}

/**
 * The pricing rule shared by the public quote, the MCP server, the cart page and partner orders:
 * each distinct item once at its own price (a panel at its bundle price), plus ONE per-order fee.
 * Callers pass already-resolved, de-duplicated items; order of items never changes the total.
 */
export function priceBasket(items: readonly CatalogItem[], feeCents: number): PricedBasket {
  const lines = items.map((item) => ({ item, unitPriceCents: item.priceCents, quantity: 1 as const }));
  const subtotalCents = lines.reduce((sum, l) => sum + l.unitPriceCents, 0);
  return { lines, subtotalCents, feeCents, totalCents: subtotalCents + feeCents };
}

/** Removes repeated ids, keeping the first occurrence's position. */
export function dedupeIds(ids: readonly string[]): string[] {
  return [...new Set(ids)];
}
