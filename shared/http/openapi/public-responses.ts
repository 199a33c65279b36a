import * as z from 'zod';
import { iso, named, orNull } from './schema-helpers.js';

// The public API's answers (and the catalogue entries the partner catalogue shares).

const reason = named(z.enum(['state_restricted', 'test_not_offered_in_state']), 'UnavailableReason');

const quoteItem = named(
  z.object({
    id: z.string(),
    type: z.enum(['test', 'panel']),
    name: z.string(),
    url: z.url(),
    unitPriceCents: z.number().int().min(1),
    quantity: z.literal(1),
  }),
  'QuoteItem',
);
const orderFee = named(
  z.object({
    label: z.string(),
    description: z.string(),
    amountCents: z.number().int().min(0),
    chargedPer: z.literal('order'),
  }),
  'OrderFee',
);
const eligibility = named(
  z.object({
    state: z.string(),
    available: z.boolean(),
    reason: orNull(reason),
    message: z.string().nullable(),
    unavailableItems: z.array(z.object({ id: z.string(), reason })),
  }),
  'Eligibility',
);
export const quote = named(
  z.object({
    currency: z.literal('USD'),
    items: z.array(quoteItem).min(1),
    subtotalCents: z.number().int().min(0),
    orderFee,
    totalCents: z.number().int().min(0),
    eligibility: orNull(eligibility),
    checkoutUrl: z.url(),
    updatedAt: iso,
    restrictedStates: z.array(z.string()),
    catalogUrl: z.url(),
  }),
  'Quote',
  'The all-in price of a basket: item prices plus one per-order fee.',
);

export const availability = named(
  z.object({
    state: z.string(),
    available: z.boolean(),
    reason: orNull(reason),
    message: z.string().nullable(),
    item: orNull(
      named(
        z.object({ id: z.string(), available: z.boolean(), reason: orNull(reason), message: z.string().nullable() }),
        'ItemAvailability',
      ),
    ),
    restrictedStates: z.array(z.string()),
    catalogUrl: z.url(),
    updatedAt: iso,
  }),
  'Availability',
);

export const testEntry = named(
  z.object({
    id: z.string(),
    type: z.literal('test'),
    name: z.string(),
    description: z.string(),
    category: z.string(),
    priceCents: z.number().int(),
    url: z.url(),
    biomarkers: z.array(
      named(z.object({ name: z.string(), loinc: z.string().nullable(), unit: z.string().nullable() }), 'Biomarker'),
    ),
    fastingRequired: z.boolean(),
    minorEligible: z.boolean(),
    unavailableStates: z.array(z.string()),
  }),
  'CatalogTest',
);
export const panelEntry = named(
  z.object({
    id: z.string(),
    type: z.literal('panel'),
    name: z.string(),
    description: z.string(),
    category: z.string(),
    priceCents: z.number().int(),
    url: z.url(),
    testIds: z.array(z.string()),
  }),
  'CatalogPanel',
  'A panel: its biomarkers are those of its member tests, looked up in tests[].',
);
export const publicCatalog = named(
  z.object({ version: z.string(), tests: z.array(testEntry), panels: z.array(panelEntry) }),
  'PublicCatalog',
);
const compactEntry = named(
  z.object({
    id: z.string(),
    type: z.string(),
    name: z.string(),
    price: z.number().int(),
    biomarkers: z.array(z.string()),
    category: z.string(),
    url: z.string(),
    description: z.string(),
  }),
  'CompactCatalogEntry',
);
export const compactCatalog = named(
  z.object({
    locale: z.enum(['en', 'es']),
    currency: z.literal('USD'),
    orderFee: z.object({ amountCents: z.number().int(), chargedPer: z.literal('order'), label: z.string() }),
    restrictedStates: z.array(z.string()),
    quoteApi: z.string(),
    tests: z.array(compactEntry),
    panels: z.array(compactEntry),
  }),
  'CompactCatalog',
  'The catalogue for language-model grounding; price is integer cents.',
);
