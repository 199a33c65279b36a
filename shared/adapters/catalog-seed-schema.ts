import * as z from 'zod';
import type { Catalog } from '../domain/catalog.js';
import { US_STATE_CODES } from '../domain/us-states.js';

// The seed catalogue's schema (data/catalog.json): shapes here, cross-entry rules below.

const slug = z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'must be a lowercase slug');
const text = z.string().min(1);
const cents = z.number().int().positive();

const biomarkerSchema = z
  .object({
    name: text,
    loinc: z
      .string()
      .regex(/^\d{1,7}-\d$/, 'must be a LOINC code')
      .nullable(),
    unit: z.string().nullable(),
    referenceLow: z.number().nullable(),
    referenceHigh: z.number().nullable(),
  })
  .strict();

const common = {
  id: slug,
  name: text,
  nameEs: text,
  description: text.max(200),
  descriptionEs: text.max(240),
  category: text,
  priceCents: cents,
  keywords: z.array(z.string()),
};

export const catalogSeedSchema = z
  .object({
    version: text,
    tests: z.array(
      z
        .object({
          ...common,
          type: z.literal('test'),
          labOrderCode: z.string().regex(/^[A-Z0-9-]{1,20}$/, "must be the lab's order code (A-Z, 0-9, -)"),
          biomarkers: z.array(biomarkerSchema).min(1),
          fastingRequired: z.boolean(),
          minorEligible: z.boolean(),
          unavailableStates: z.array(z.enum(US_STATE_CODES)),
        })
        .strict(),
    ),
    panels: z.array(z.object({ ...common, type: z.literal('panel'), testIds: z.array(slug).min(2) }).strict()),
  })
  .strict();

export type CatalogSeed = z.infer<typeof catalogSeedSchema>;
// Compile-time check: the seed is exactly a Catalog.
const _seedIsCatalog = (s: CatalogSeed): Catalog => s;
void _seedIsCatalog;

/** Parses the seed and checks the rules that span entries; throws naming every violation. */
export function parseCatalogSeed(data: unknown, restrictedStates: readonly string[]): Catalog {
  const parsed = catalogSeedSchema.safeParse(data);
  if (!parsed.success)
    throw new Error(
      `Invalid catalogue seed:\n${parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n')}`,
    );
  const catalog = parsed.data;
  const problems: string[] = [];
  const seen = new Set<string>();
  for (const item of [...catalog.tests, ...catalog.panels]) {
    if (seen.has(item.id)) problems.push(`duplicate id ${item.id}`);
    seen.add(item.id);
  }
  const tests = new Map(catalog.tests.map((t) => [t.id, t]));
  for (const t of catalog.tests) {
    const restricted = t.unavailableStates.filter((s) => restrictedStates.includes(s));
    if (restricted.length) problems.push(`${t.id}: unavailableStates lists restricted states ${restricted.join(', ')}`);
  }
  const codes = new Map<string, string>();
  for (const t of catalog.tests) {
    const other = codes.get(t.labOrderCode);
    if (other) problems.push(`${t.id}: labOrderCode ${t.labOrderCode} is also ${other}'s`);
    codes.set(t.labOrderCode, t.id);
  }
  for (const p of catalog.panels) {
    const missing = p.testIds.filter((id) => !tests.has(id));
    if (missing.length) problems.push(`${p.id}: member ids that are not tests: ${missing.join(', ')}`);
    const sum = p.testIds.reduce((s, id) => s + (tests.get(id)?.priceCents ?? 0), 0);
    if (missing.length === 0 && p.priceCents >= sum)
      problems.push(`${p.id}: bundle price ${p.priceCents} is not below its members' ${sum}`);
  }
  if (problems.length) throw new Error(`Invalid catalogue seed:\n  ${problems.join('\n  ')}`);
  return catalog;
}
