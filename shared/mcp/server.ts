import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import type { jsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/types.js';
import * as z from 'zod';
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

const itemSummary = z.object({
  id: z.string(),
  type: z.enum(['test', 'panel']),
  name: z.string(),
  description: z.string(),
  category: z.string(),
  priceCents: z.number().int(),
  url: z.string(),
  fastingRequired: z.boolean(),
});

const quoteShape = {
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
  eligibility: z
    .object({
      state: z.string(),
      available: z.boolean(),
      reason: z.string().nullable(),
      message: z.string().nullable(),
      unavailableItems: z.array(z.object({ id: z.string(), reason: z.string() })),
    })
    .nullable(),
  checkoutUrl: z.string(),
  updatedAt: z.string(),
  restrictedStates: z.array(z.string()),
  catalogUrl: z.string(),
};

function toolError(message: string) {
  return { isError: true, content: [{ type: 'text' as const, text: message }] };
}

function result<T extends Record<string, unknown>>(structuredContent: T, text: string) {
  return { structuredContent, content: [{ type: 'text' as const, text }] };
}

const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

// The SDK's JSON Schema validator (ajv, with its formats) checks what a client sends back to the
// server's own requests, which this server never makes: built once per container, on first use.
let ajv: AjvJsonSchemaValidator | undefined;
const validator: jsonSchemaValidator = {
  getValidator: (schema) => (ajv ??= new AjvJsonSchemaValidator()).getValidator(schema),
};

/** What the tools read: fetched when a tool is first called (initialize and tools/list read nothing). */
function catalogueOf(read: () => Promise<Catalog>, origin: string) {
  let loaded: Promise<ReturnType<typeof index>> | undefined;
  const links = publicLinks(origin);
  const index = (catalog: Catalog) => {
    const byId = indexCatalog(catalog);
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
    return { catalog, byId, links, summary };
  };
  return () => (loaded ??= read().then(index));
}

/**
 * The MCP server over the public catalogue and pricing: four tools, each with input and output
 * schemas, structured content and a readable text rendering. Built per request (stateless); the
 * catalogue is read only when a tool runs.
 */
export function buildMcpServer(readCatalog: () => Promise<Catalog>, origin: string, now: Date): McpServer {
  const catalogue = catalogueOf(readCatalog, origin);
  const server = new McpServer({ name: 'lab-tests', version: '1.0.0' }, { jsonSchemaValidator: validator });

  server.registerTool(
    'search-lab-tests',
    {
      title: 'Search lab tests',
      description:
        'Search the blood test and panel catalogue by product terms: test names, biomarkers, categories or common words such as "cholesterol", "thyroid", "a1c" or "vitamin d". Product terms only: never include names, contact details, symptoms or personal results.',
      inputSchema: {
        query: z.string().min(1).max(200).describe('Product terms, e.g. "cholesterol" or "thyroid panel".'),
      },
      outputSchema: { results: z.array(itemSummary) },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async ({ query }) => {
      const personal = personalDetailIn(query);
      if (personal) {
        return toolError(
          `This search takes product terms only (for example "cholesterol" or "thyroid"). The query looks like it contains personal information (${personal.replace('_', ' ')}); please remove it and search again. For questions about symptoms or results, talk to a clinician.`,
        );
      }
      const { catalog, byId, summary } = await catalogue();
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
  );

  server.registerTool(
    'get-test-details',
    {
      title: 'Get test details',
      description:
        'Full details of one test or panel by its catalogue id: price, biomarkers, fasting, minor eligibility and states where it is not offered.',
      inputSchema: { testId: z.string().min(1).max(64).describe('A catalogue id such as "cbc" or "lipid-panel".') },
      outputSchema: {
        ...itemSummary.shape,
        minorEligible: z.boolean(),
        unavailableStates: z.array(z.string()),
        biomarkers: z.array(z.object({ name: z.string(), loinc: z.string().nullable(), unit: z.string().nullable() })),
        memberTests: z.array(z.object({ id: z.string(), name: z.string(), priceCents: z.number() })),
      },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async ({ testId }) => {
      const { byId, summary } = await catalogue();
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
  );

  server.registerTool(
    'get-test-panels',
    {
      title: 'List test panels',
      description: 'Bundled panels, optionally in one category, with their member tests and how much the bundle saves.',
      inputSchema: {
        category: z.string().max(100).optional().describe('A category such as "Heart Health"; omit for all panels.'),
      },
      outputSchema: {
        category: z.string().nullable(),
        panels: z.array(itemSummary.extend({ testIds: z.array(z.string()), savingsCents: z.number().int() })),
      },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async ({ category }) => {
      const { catalog, byId, summary } = await catalogue();
      const wanted = category?.trim().toLowerCase();
      const panels = catalog.panels
        .filter((p) => !wanted || p.category.toLowerCase() === wanted)
        .map((p) => ({
          ...summary(p),
          testIds: p.testIds,
          savingsCents: memberTests(p, byId).reduce((s, t) => s + t.priceCents, 0) - p.priceCents,
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
  );

  server.registerTool(
    'get-pricing',
    {
      title: 'Price a basket',
      description:
        'The all-in price of a basket of catalogue ids: each item price, the single flat per-order fee, the total, and (with a state) whether the order can be placed there. Same figures as the public quote API.',
      inputSchema: {
        testIds: z.array(z.string()).min(1).max(50).describe('Catalogue ids of tests and panels.'),
        state: z.string().optional().describe('Optional 2-letter US state code, e.g. "CA".'),
      },
      outputSchema: quoteShape,
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async ({ testIds, state }) => {
      const { byId, links } = await catalogue();
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
      return result(quote, lines.join('\n'));
    },
  );

  return server;
}
