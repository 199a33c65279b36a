// The MCP tools' input and output schemas, in zod/mini: the tools only check their arguments, and
// the mini build imports in a few milliseconds where classic zod (what the MCP SDK's server pulls in,
// with ajv and the SDK's own message schemas) cost the function most of its cold start.
import * as z from 'zod/mini';

const itemSummary = z.object({
  id: z.string(),
  type: z.enum(['test', 'panel']),
  name: z.string(),
  description: z.string(),
  category: z.string(),
  priceCents: z.int(),
  url: z.string(),
  fastingRequired: z.boolean(),
});

export const searchInput = {
  query: z
    .string()
    .check(z.minLength(1), z.maxLength(200), z.describe('Product terms, e.g. "cholesterol" or "thyroid panel".')),
};
export const searchOutput = { results: z.array(itemSummary) };

export const detailsInput = {
  testId: z
    .string()
    .check(z.minLength(1), z.maxLength(64), z.describe('A catalogue id such as "cbc" or "lipid-panel".')),
};
export const detailsOutput = {
  ...itemSummary.shape,
  minorEligible: z.boolean(),
  unavailableStates: z.array(z.string()),
  biomarkers: z.array(z.object({ name: z.string(), loinc: z.nullable(z.string()), unit: z.nullable(z.string()) })),
  memberTests: z.array(z.object({ id: z.string(), name: z.string(), priceCents: z.number() })),
};

export const panelsInput = {
  category: z
    .optional(z.string().check(z.maxLength(100)))
    .check(z.describe('A category such as "Heart Health"; omit for all panels.')),
};
export const panelsOutput = {
  category: z.nullable(z.string()),
  panels: z.array(z.extend(itemSummary, { testIds: z.array(z.string()), savingsCents: z.int() })),
};

export const pricingInput = {
  testIds: z.array(z.string()).check(z.minLength(1), z.maxLength(50), z.describe('Catalogue ids of tests and panels.')),
  state: z.optional(z.string()).check(z.describe('Optional 2-letter US state code, e.g. "CA".')),
};
export const pricingOutput = {
  currency: z.string(),
  items: z.array(
    z.object({
      id: z.string(),
      type: z.string(),
      name: z.string(),
      url: z.string(),
      unitPriceCents: z.number(),
      quantity: z.number(),
    }),
  ),
  subtotalCents: z.number(),
  orderFee: z.object({ label: z.string(), description: z.string(), amountCents: z.number(), chargedPer: z.string() }),
  totalCents: z.number(),
  eligibility: z.nullable(
    z.object({
      state: z.string(),
      available: z.boolean(),
      reason: z.nullable(z.string()),
      message: z.nullable(z.string()),
      unavailableItems: z.array(z.object({ id: z.string(), reason: z.string() })),
    }),
  ),
  checkoutUrl: z.string(),
  updatedAt: z.string(),
  restrictedStates: z.array(z.string()),
  catalogUrl: z.string(),
};
