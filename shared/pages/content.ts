import { fastingRequired, memberTests, minorEligible, type Catalog, type CatalogItem } from '../domain/catalog.js';
import type { PublicLinks } from '../domain/quote.js';
import type { Block, Page } from './document.js';

export const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

export function homePage(catalog: Catalog, feeCents: number): Page {
  const categories = [...new Set(catalog.tests.map((t) => t.category))].sort();
  return {
    title: 'Lab Tests: blood tests without the runaround',
    description: 'Order lab blood tests online: clear prices and one flat fee per order.',
    blocks: [
      { h: 1, text: 'Blood tests with clear prices' },
      {
        p: [
          `Choose from ${catalog.tests.length} tests and ${catalog.panels.length} panels. Every order adds one flat ${dollars(feeCents)} fee for the lab draw and the independent physician order, however many tests it holds.`,
        ],
      },
      { p: [{ link: '/tests', text: 'Browse all tests and panels' }] },
      { h: 2, text: 'Categories' },
      { list: categories.map((c) => [{ link: `/tests#${c.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`, text: c }]) },
      { h: 2, text: 'For developers and agents' },
      {
        list: [
          [{ link: '/llms.txt', text: 'llms.txt' }],
          [{ link: '/api/catalog', text: 'Compact catalogue (JSON)' }],
          [{ link: '/docs', text: 'API reference' }],
        ],
      },
    ],
  };
}

export function catalogPage(catalog: Catalog, links: PublicLinks & { itemPath(item: CatalogItem): string }): Page {
  const blocks: Block[] = [
    { h: 1, text: 'All tests and panels' },
    { h: 2, text: 'Panels', id: 'panels' },
  ];
  blocks.push({
    table: {
      head: ['Panel', 'Tests', 'Price'],
      rows: catalog.panels.map((p) => [
        [{ link: links.itemPath(p), text: p.name }],
        [String(p.testIds.length)],
        [dollars(p.priceCents)],
      ]),
    },
  });
  for (const category of [...new Set(catalog.tests.map((t) => t.category))].sort()) {
    blocks.push({ h: 2, text: category, id: category.toLowerCase().replace(/[^a-z0-9]+/g, '-') });
    blocks.push({
      table: {
        head: ['Test', 'Fasting', 'Price'],
        rows: catalog.tests
          .filter((t) => t.category === category)
          .map((t) => [
            [{ link: links.itemPath(t), text: t.name }],
            [t.fastingRequired ? 'Yes' : 'No'],
            [dollars(t.priceCents)],
          ]),
      },
    });
  }
  return {
    title: 'All lab tests and panels',
    description: `${catalog.tests.length} blood tests and ${catalog.panels.length} panels with prices.`,
    blocks,
  };
}

export function itemPage(
  item: CatalogItem,
  byId: Map<string, CatalogItem>,
  links: { itemPath(item: CatalogItem): string },
  feeCents: number,
): Page {
  const members = memberTests(item, byId);
  const unavailable = [...new Set(members.flatMap((t) => t.unavailableStates))].sort();
  const blocks: Block[] = [
    { h: 1, text: item.name },
    { p: [item.description] },
    { p: [{ strong: dollars(item.priceCents) }, ` plus one ${dollars(feeCents)} fee per order.`] },
    {
      list: [
        [fastingRequired(item, byId) ? 'Fasting required: 8 to 12 hours, water is fine.' : 'No fasting needed.'],
        [minorEligible(item, byId) ? 'Can be ordered for patients under 18 with a guardian.' : 'Adults (18+) only.'],
        [unavailable.length ? `Not offered in ${unavailable.join(', ')}.` : 'Offered in every state we serve.'],
      ],
    },
  ];
  if (item.type === 'panel') {
    const sum = members.reduce((s, t) => s + t.priceCents, 0);
    blocks.push(
      { h: 2, text: 'Included tests' },
      { list: members.map((t) => [{ link: links.itemPath(t), text: t.name }, ` (${dollars(t.priceCents)} alone)`]) },
    );
    blocks.push({ p: [`You save ${dollars(sum - item.priceCents)} compared with ordering them one by one.`] });
  }
  blocks.push(
    { h: 2, text: 'Biomarkers' },
    { list: members.flatMap((t) => t.biomarkers.map((b) => [b.name + (b.loinc ? ` (LOINC ${b.loinc})` : '')])) },
  );
  blocks.push({
    p: [
      {
        html: `<form method="post" action="/cart"><input type="hidden" name="op" value="add"><input type="hidden" name="item" value="${item.id}"><button type="submit">Add to cart</button></form>`,
        md: `Order link: /cart/handoff?items=${item.id}`,
      },
    ],
  });
  return { title: `${item.name}: ${dollars(item.priceCents)}`, description: item.description, blocks };
}
