// The public Quote and Availability documents, built from the catalogue and the configuration.
import type { CatalogItem } from './catalog.js';
import { basketEligibility, itemAvailability, type StateEligibility, type ItemAvailability } from './eligibility.js';
import { priceBasket } from './pricing.js';

export interface PublicLinks {
  itemUrl(item: CatalogItem): string;
  checkoutUrl(ids: readonly string[]): string;
  catalogUrl: string;
}

export interface FeeConfig {
  label: string;
  description: string;
  amountCents: number;
  chargedPer: 'order';
}

export interface QuoteInput {
  items: readonly CatalogItem[];
  state: string | null;
  fee: FeeConfig;
  restrictedStates: readonly string[];
  byId: Map<string, CatalogItem>;
  links: PublicLinks;
  now: Date;
}

export function buildQuote(input: QuoteInput) {
  const basket = priceBasket(input.items, input.fee.amountCents);
  const eligibility: StateEligibility | null =
    input.state === null ? null : basketEligibility(input.items, input.state, input.restrictedStates, input.byId);
  return {
    currency: 'USD' as const,
    items: basket.lines.map((l) => ({
      id: l.item.id,
      type: l.item.type,
      name: l.item.name,
      url: input.links.itemUrl(l.item),
      unitPriceCents: l.unitPriceCents,
      quantity: l.quantity,
    })),
    subtotalCents: basket.subtotalCents,
    orderFee: {
      label: input.fee.label,
      description: input.fee.description,
      amountCents: input.fee.amountCents,
      chargedPer: input.fee.chargedPer,
    },
    totalCents: basket.totalCents,
    eligibility,
    checkoutUrl: input.links.checkoutUrl(input.items.map((i) => i.id)),
    updatedAt: input.now.toISOString(),
    restrictedStates: [...input.restrictedStates],
    catalogUrl: input.links.catalogUrl,
  };
}

export type Quote = ReturnType<typeof buildQuote>;

export interface AvailabilityInput {
  state: string;
  item: CatalogItem | null;
  restrictedStates: readonly string[];
  byId: Map<string, CatalogItem>;
  catalogUrl: string;
  now: Date;
}

export function buildAvailability(input: AvailabilityInput) {
  const restricted = input.restrictedStates.includes(input.state);
  const item: ItemAvailability | null = input.item
    ? itemAvailability(input.item, input.state, input.restrictedStates, input.byId)
    : null;
  const stateLevel = restricted
    ? {
        available: false,
        reason: 'state_restricted' as const,
        message: `Orders cannot be placed from ${input.state} at this time.`,
      }
    : item && !item.available
      ? { available: false, reason: item.reason, message: item.message }
      : { available: true, reason: null, message: null };
  return {
    state: input.state,
    ...stateLevel,
    item,
    restrictedStates: [...input.restrictedStates],
    catalogUrl: input.catalogUrl,
    updatedAt: input.now.toISOString(),
  };
}

export type Availability = ReturnType<typeof buildAvailability>;

/** The public quote under the live configuration: the one pricing path for the API, MCP and pages. */
export function publicQuote(
  input: Pick<QuoteInput, 'items' | 'state' | 'byId' | 'links' | 'now'>,
  config: { fee: FeeConfig; restrictedStates: readonly string[] },
): Quote {
  return buildQuote({ ...input, fee: config.fee, restrictedStates: config.restrictedStates });
}
