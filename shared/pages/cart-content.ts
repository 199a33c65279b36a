import type { Quote } from '../domain/quote.js';
import { US_STATE_CODES } from '../domain/us-states.js';
import { escapeHtml as esc, type Block, type Inline, type Page } from './document.js';
import { dollars } from './content.js';

export interface CartView {
  quote: Quote | null;
  problems: string[];
  state: string | null;
  /** The basket's ids, in order (the items the quote priced). */
  ids: string[];
}

const hidden = (name: string, value: string) => `<input type="hidden" name="${name}" value="${esc(value)}">`;

function removeButton(view: CartView, id: string, name: string): Inline {
  return {
    html: `<form method="post" action="/cart" class="inline">${hidden('op', 'remove')}${hidden('item', id)}${hidden('items', view.ids.join(','))}${view.state ? hidden('state', view.state) : ''}<button type="submit" aria-label="Remove ${esc(name)}">Remove</button></form>`,
  };
}

/** Each item's own answer from the quote's eligibility: one source for the page and the API. */
function availability(q: Quote, id: string): string {
  if (!q.eligibility) return 'Choose a state';
  const blocked = q.eligibility.unavailableItems.find((u) => u.id === id);
  if (!blocked) return `Offered in ${q.eligibility.state}`;
  return blocked.reason === 'state_restricted'
    ? `Not orderable from ${q.eligibility.state}`
    : `Not offered in ${q.eligibility.state}`;
}

function stateForm(view: CartView): Block {
  const options = US_STATE_CODES.map(
    (s) => `<option value="${s}"${s === view.state ? ' selected' : ''}>${s}</option>`,
  ).join('');
  return {
    form: `<form method="get" action="/cart">${hidden('items', view.ids.join(','))}<label for="state">Your state</label><select id="state" name="state"><option value="">Choose…</option>${options}</select> <button type="submit">Check availability</button></form>`,
  };
}

export function cartPage(view: CartView): Page {
  const blocks: Block[] = [{ h: 1, text: 'Your cart' }];
  if (view.problems.length)
    blocks.push({ h: 2, text: 'Some items could not be added' }, { list: view.problems.map((p) => [p]) });
  const q = view.quote;
  if (!q) {
    blocks.push({ p: ['Your cart is empty. ', { link: '/tests', text: 'Browse tests' }] });
    return { title: 'Your cart', description: 'Your lab test cart.', blocks };
  }
  blocks.push({
    table: {
      head: ['Item', 'Price', 'Availability', 'Change'],
      numeric: [1],
      rows: [
        ...q.items.map((i) => [
          [{ link: i.url, text: i.name }],
          [dollars(i.unitPriceCents)],
          [availability(q, i.id)],
          [removeButton(view, i.id, i.name)],
        ]),
        [[`${q.orderFee.label} (once per order)`], [dollars(q.orderFee.amountCents)], [''], ['']],
      ],
      foot: [['Total'], [dollars(q.totalCents)], [''], ['']],
    },
  });
  blocks.push(stateForm(view));
  const e = q.eligibility;
  if (!e) {
    blocks.push({
      p: ['Choose your state to see whether these tests can be ordered there; checkout opens once it is known.'],
    });
  } else if (e.reason === 'state_restricted') {
    blocks.push(
      { p: [{ strong: e.message ?? `Orders cannot be placed from ${e.state}.` }] },
      { p: [`No test can be ordered from ${e.state}, whatever the cart holds.`] },
    );
  } else if (!e.available) {
    blocks.push({ p: [{ strong: e.message ?? `Some items are not offered in ${e.state}.` }] });
  } else {
    const basket = new URLSearchParams({ items: view.ids.join(','), state: e.state }).toString().replace(/%2C/gi, ',');
    blocks.push(
      { p: [`Can be ordered in ${e.state}.`] },
      { p: [{ link: `/checkout?${basket}`, text: 'Continue to checkout' }] },
    );
  }
  blocks.push({ p: ['Link to this cart, to share or hand off: ', { link: q.checkoutUrl, text: q.checkoutUrl }] });
  return { title: `Your cart: ${dollars(q.totalCents)}`, description: 'Your lab test cart.', blocks };
}

/**
 * Ordering happens through partners (clinics, telehealth services and apps that hold an account
 * with us), so checkout says so and lists the ways in, with this basket's total for reference.
 */
export function checkoutPage(q: Quote | null, origin: string): Page {
  const blocks: Block[] = [
    { h: 1, text: 'How to order' },
    {
      p: [
        'Orders are placed through our partners: clinics, telehealth services and health apps that hold an account with us and take care of the patient details and payment. There is no consumer checkout on this site.',
      ],
    },
  ];
  if (q) {
    blocks.push({
      p: [
        `This cart: ${q.items.length} item${q.items.length === 1 ? '' : 's'}, `,
        { strong: `${dollars(q.totalCents)} in total` },
        ` including the ${dollars(q.orderFee.amountCents)} order fee.`,
      ],
    });
  }
  blocks.push(
    { h: 2, text: 'Ways to order' },
    {
      list: [
        [
          { strong: 'Through a partner' },
          ': if a clinic or app sent you here, give them this cart link; they place the order for you.',
          ...(q ? [' ', { link: q.checkoutUrl, text: q.checkoutUrl }] : []),
        ],
        [
          { strong: 'Partner integration' },
          ': businesses order over the partner API. ',
          { link: '/docs', text: 'API reference' },
          '. Partners sign in to their ',
          { link: '/dashboard', text: 'dashboard' },
          ' with an API key.',
        ],
        [
          { strong: 'AI assistants' },
          `: the MCP server at ${origin}/mcp prices baskets and explains tests. `,
          { link: '/llms.txt', text: 'llms.txt' },
        ],
      ],
    },
    { p: [{ link: '/tests', text: 'Back to all tests' }] },
  );
  return { title: 'How to order', description: 'Lab tests are ordered through partners.', blocks };
}

export function adminPage(): Page {
  return {
    title: 'Operators',
    description: 'Operator access.',
    blocks: [
      { h: 1, text: 'Operators' },
      {
        p: [
          'There is no operator console on the web. Operators use the operator API with their cloud credentials; partners sign in to the ',
          { link: '/dashboard', text: 'partner dashboard' },
          '.',
        ],
      },
    ],
  };
}
