import * as z from 'zod/mini';
import {
  indexCatalog,
  memberTests,
  fastingRequired,
  minorEligible,
  type Catalog,
  type CatalogItem,
} from '../domain/catalog.js';
import { personalDetailIn, searchCatalog } from '../domain/search.js';
import { decodeQuoteQuery } from '../domain/public-query.js';
import { publicQuote } from '../domain/quote.js';
import { publicLinks } from '../domain/public-links.js';
import { SERVICE_CONFIG } from '../config/service-config.js';
import * as s from './tool-schemas.js';

/** What a tool call answers (MCP's CallToolResult): structured content and a readable text rendering. */
export interface ToolResult {
  content: Array<{ type: 'text'; text: string }>;
  structuredContent?: Record<string, unknown>;
  isError?: true;
}

/** What a tool reads: the catalogue as served, the public origin its links start from, the service clock. */
export interface ToolContext {
  catalog: Catalog;
  origin: string;
  now: Date;
}

export interface McpTool {
  name: string;
  title: string;
  description: string;
  input: z.ZodMiniObject;
  output: z.ZodMiniObject;
  annotations: { readOnlyHint: boolean; openWorldHint: boolean };
  run(args: never, ctx: ToolContext): ToolResult;
}

const tool = <I extends z.core.$ZodShape>(spec: {
  name: string;
  title: string;
  description: string;
  input: I;
  output: z.core.$ZodShape;
  run(args: z.infer<z.ZodMiniObject<I>>, ctx: ToolContext & Catalogue): ToolResult;
}): McpTool => ({
  ...spec,
  // Every tool reads the catalogue and nothing else.
  annotations: { readOnlyHint: true, openWorldHint: false },
  input: z.object(spec.input),
  output: z.object(spec.output),
  run: (args, ctx) => spec.run(args, { ...ctx, ...catalogue(ctx) }),
});

export function toolError(message: string): ToolResult {
  return { isError: true, content: [{ type: 'text', text: message }] };
}

function result<T extends Record<string, unknown>>(structuredContent: T, text: string): ToolResult {
  return { structuredContent, content: [{ type: 'text', text }] };
}

const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

/** The catalogue's index and the item summary every tool answers with, over one catalogue and origin. */
type Catalogue = ReturnType<typeof catalogue>;
function catalogue({ catalog, origin }: ToolContext) {
  const byId = indexCatalog(catalog);
  const links = publicLinks(origin);
  const summary = (item: CatalogItem) => ({
    id: item.id,
    type: item.type,
    name: item.name,
    description: item.description,
    category: item.category,
    priceCents: item.priceCents,
    url: links.itemUrl(item),
    fastingRequired: fastingRequired(item, byId),
  });
  return { byId, links, summary };
}

/** The MCP server's four tools over the public catalogue and pricing. */
export const MCP_TOOLS: readonly McpTool[] = [
  tool({
    name: 'search-lab-tests',
    title: 'Search lab tests',
    description:
      'Search the blood test and panel catalogue by product terms: test names, biomarkers, categories or common words such as "cholesterol", "thyroid", "a1c" or "vitamin d". Product terms only: never include names, contact details, symptoms or personal results.',
    input: s.searchInput,
    output: s.searchOutput,
    run: ({ query }, { catalog, byId, summary }) => {
      const personal = personalDetailIn(query);
      if (personal) {
        return toolError(
          `This search takes product terms only (for example "cholesterol" or "thyroid"). The query looks like it contains personal information (${personal.replace('_', ' ')}); please remove it and search again. For questions about symptoms or results, talk to a clinician.`,
        );
      }
      const hits = searchCatalog(catalog, byId, query, 10).map((h) => summary(h.item));
      const text = hits.length
        ? hits
            .map(
              (h) =>
                `- ${h.name} (${h.id}, ${h.type}): ${dollars(h.priceCents)}${h.fastingRequired ? ', fasting required' : ''}`,
            )
            .join('\n')
        : // The caller's words are never echoed: a query can carry a name the checks above miss.
          'No tests match this search. Try a broader term such as a body system ("heart", "thyroid") or a biomarker.';
      return result({ results: hits }, text);
    },
  }),

  tool({
    name: 'get-test-details',
    title: 'Get test details',
    description:
      'Full details of one test or panel by its catalogue id: price, biomarkers, fasting, minor eligibility and states where it is not offered.',
    input: s.detailsInput,
    output: s.detailsOutput,
    run: ({ testId }, { byId, summary }) => {
      const item = byId.get(testId.trim().toLowerCase());
      if (!item) return toolError('No test or panel has this id. Use search-lab-tests to find ids.');
      const members = memberTests(item, byId);
      const details = {
        ...summary(item),
        minorEligible: minorEligible(item, byId),
        unavailableStates: [...new Set(members.flatMap((t) => t.unavailableStates))].sort(),
        biomarkers: members.flatMap((t) => t.biomarkers.map((b) => ({ name: b.name, loinc: b.loinc, unit: b.unit }))),
        memberTests:
          item.type === 'panel' ? members.map((t) => ({ id: t.id, name: t.name, priceCents: t.priceCents })) : [],
      };
      const text = [
        `${item.name} (${item.id}): ${dollars(item.priceCents)}, plus one ${dollars(SERVICE_CONFIG.publicOrderFee.amountCents)} fee per order.`,
        item.description,
        `Biomarkers: ${details.biomarkers.map((b) => b.name).join(', ')}.`,
        details.fastingRequired ? 'Fasting required.' : 'No fasting needed.',
        details.unavailableStates.length ? `Not offered in: ${details.unavailableStates.join(', ')}.` : '',
      ]
        .filter(Boolean)
        .join('\n');
      return result(details, text);
    },
  }),

  tool({
    name: 'get-test-panels',
    title: 'List test panels',
    description: 'Bundled panels, optionally in one category, with their member tests and how much the bundle saves.',
    input: s.panelsInput,
    output: s.panelsOutput,
    run: ({ category }, { catalog, byId, summary }) => {
      const wanted = category?.trim().toLowerCase();
      const panels = catalog.panels
        .filter((p) => !wanted || p.category.toLowerCase() === wanted)
        .map((p) => ({
          ...summary(p),
          testIds: p.testIds,
          savingsCents: memberTests(p, byId).reduce((sum, t) => sum + t.priceCents, 0) - p.priceCents,
        }));
      if (wanted && panels.length === 0) {
        const categories = [...new Set(catalog.panels.map((p) => p.category))].sort();
        return toolError(`No panels in this category. Categories with panels: ${categories.join(', ')}.`);
      }
      const text = panels
        .map(
          (p) =>
            `- ${p.name} (${p.id}): ${dollars(p.priceCents)}, saves ${dollars(p.savingsCents)} over its ${p.testIds.length} tests`,
        )
        .join('\n');
      return result({ category: category ?? null, panels }, text);
    },
  }),

  tool({
    name: 'get-pricing',
    title: 'Price a basket',
    description:
      'The all-in price of a basket of catalogue ids: each item price, the single flat per-order fee, the total, and (with a state) whether the order can be placed there. Same figures as the public quote API.',
    input: s.pricingInput,
    output: s.pricingOutput,
    run: ({ testIds, state }, { byId, links, now }) => {
      const decoded = decodeQuoteQuery(
        { items: testIds.join(','), ...(state !== undefined ? { state } : {}) },
        (id) => byId.has(id),
        SERVICE_CONFIG.maxQuoteItems,
      );
      if (!decoded.ok) {
        const e = decoded.error;
        const ids = 'ids' in e ? `: ${e.ids.join(', ')}` : '';
        return toolError(`Cannot price this basket (${e.code}${ids}).`);
      }
      const quote = publicQuote(
        {
          items: decoded.value.ids.map((id) => byId.get(id) as CatalogItem),
          state: decoded.value.state,
          byId,
          links,
          now,
        },
        { fee: SERVICE_CONFIG.publicOrderFee, restrictedStates: SERVICE_CONFIG.restrictedStates },
      );
      const lines = quote.items.map((i) => `- ${i.name}: ${dollars(i.unitPriceCents)}`);
      lines.push(
        `- ${quote.orderFee.label} (once per order): ${dollars(quote.orderFee.amountCents)}`,
        `Total: ${dollars(quote.totalCents)}`,
      );
      if (quote.eligibility)
        lines.push(
          quote.eligibility.available
            ? `Can be ordered in ${quote.eligibility.state}.`
            : (quote.eligibility.message ?? 'Not available.'),
        );
      lines.push(`Checkout: ${quote.checkoutUrl}`);
      return result(quote as unknown as Record<string, unknown>, lines.join('\n'));
    },
  }),
];
