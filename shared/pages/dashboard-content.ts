// The partner dashboard's pages, server-rendered. Patient data appears on an order's own page only.
import type { PublicOrder, PublicOrderStatus } from '../domain/order.js';
import type { ApiKeyRecord } from '../domain/partner.js';
import type { DeliveryRecord } from '../domain/webhooks/delivery.js';
import { escapeHtml as esc, type Block, type Inline, type Page } from './document.js';
import { dollars } from './content.js';
import { actionButton, hidden, notice, when } from './dashboard-parts.js';

export { orderPage, type OrderDocuments } from './dashboard-order.js';

const STATUSES: PublicOrderStatus[] = ['processing', 'requisition_ready', 'results_ready', 'cancelled'];
export function dashboardNav(partnerName: string, sandbox: boolean, csrf: string): Inline[] {
  return [
    { link: '/dashboard', text: 'Orders' },
    ' · ',
    { link: '/dashboard/webhooks', text: 'Webhooks' },
    ' · ',
    { link: '/dashboard/keys', text: 'API keys' },
    ` · ${partnerName} (${sandbox ? 'sandbox' : 'production'}) `,
    actionButton('/dashboard', csrf, 'Sign out', hidden('action', 'sign-out')),
  ];
}

export function loginPage(message: string | null, next: string): Page {
  return {
    title: 'Partner sign in',
    description: 'Sign in to the partner dashboard with an API key.',
    blocks: [
      { h: 1, text: 'Partner sign in' },
      ...(message ? [{ p: [{ html: `<strong role="alert">${esc(message)}</strong>` }] } as Block] : []),
      {
        p: [
          'Partners sign in with one of their API keys (sk_test_… on the sandbox, sk_live_… in production). The key is exchanged for a short session; revoking the key ends the session at once.',
        ],
      },
      {
        form: `<form method="post" action="/login">${hidden('next', next)}<p><label for="apiKey">API key</label><input id="apiKey" name="apiKey" type="password" autocomplete="off" spellcheck="false" required size="48"></p><button type="submit">Sign in</button></form>`,
      },
      {
        p: [
          'Looking to order a test? Orders are placed through partners: ',
          { link: '/checkout', text: 'how to order' },
          '.',
        ],
      },
    ],
  };
}

export function ordersPage(
  orders: PublicOrder[],
  filter: { status?: string | undefined; externalId?: string | undefined },
  nextCursor: string | null,
  problem: string | null,
): Page {
  const options = STATUSES.map((s) => `<option value="${s}"${s === filter.status ? ' selected' : ''}>${s}</option>`);
  const blocks: Block[] = [
    { h: 1, text: 'Orders' },
    {
      form: `<form method="get" action="/dashboard"><label for="status">Status</label><select id="status" name="status"><option value="">Any</option>${options.join('')}</select> <label for="externalId">External id</label><input id="externalId" name="externalId" value="${esc(filter.externalId ?? '')}" maxlength="100"> <button type="submit">Filter</button></form>`,
    },
  ];
  if (problem) blocks.push({ p: [{ strong: problem }] });
  if (orders.length === 0) blocks.push({ p: [nextCursor ? 'None on this page.' : 'No orders match.'] });
  else
    blocks.push({
      table: {
        head: ['Order', 'External id', 'Status', 'Items', 'Created', 'Total'],
        rows: orders.map((o) => [
          [{ link: `/dashboard/orders/${o.id}`, text: o.id }],
          [o.externalId ?? ''],
          [o.status],
          [String(o.items.length)],
          [when(o.createdAt)],
          [dollars(o.totalCents)],
        ]),
      },
    });
  if (nextCursor) {
    const qs = new URLSearchParams({ cursor: nextCursor });
    if (filter.status) qs.set('status', filter.status);
    if (filter.externalId) qs.set('externalId', filter.externalId);
    blocks.push({ p: [{ link: `/dashboard?${qs}`, text: 'Next page' }] });
  }
  return { title: 'Orders', description: 'Your orders.', blocks };
}

/** Each attempt on its own line: when, and what the endpoint answered. */
function attempts(d: DeliveryRecord): Inline {
  if (!d.attempts.length) return 'none yet';
  const lines = d.attempts.map(
    (t) =>
      `${esc(when(t.at))}: ${esc(String(t.httpStatus ?? t.error ?? 'no answer'))}${t.kind === 'replay' ? ' (replay)' : ''}`,
  );
  return { html: lines.join('<br>'), md: lines.join('; ') };
}

export function webhooksPage(
  endpoint: string | null,
  deliveries: DeliveryRecord[],
  opts: { csrf: string; notice: string | null; status?: string | undefined },
): Page {
  const statuses = ['pending', 'succeeded', 'failed', 'no_endpoint'];
  const options = statuses.map((s) => `<option value="${s}"${s === opts.status ? ' selected' : ''}>${s}</option>`);
  const blocks: Block[] = [{ h: 1, text: 'Webhooks' }];
  if (opts.notice) blocks.push(notice(opts.notice));
  blocks.push(
    {
      p: [
        `Endpoint: ${endpoint ?? 'none set (ask us to set one)'}. `,
        actionButton('/dashboard/webhooks', opts.csrf, 'Send test event', hidden('action', 'test')),
      ],
    },
    { h: 2, text: 'Delivery log' },
    {
      form: `<form method="get" action="/dashboard/webhooks"><label for="dstatus">Status</label><select id="dstatus" name="status"><option value="">Any</option>${options.join('')}</select> <button type="submit">Filter</button></form>`,
    },
  );
  if (!deliveries.length) blocks.push({ p: ['No deliveries yet.'] });
  else
    blocks.push({
      table: {
        head: ['Event', 'Order', 'Status', 'Attempts', 'Action'],
        rows: deliveries.map((d) => [
          [d.event.type],
          [{ link: `/dashboard/orders/${d.event.orderId}`, text: d.event.orderId }],
          [d.status],
          [attempts(d)],
          [
            actionButton(
              '/dashboard/webhooks',
              opts.csrf,
              'Replay',
              hidden('action', 'replay') + hidden('delivery', d.id),
              `Replay ${d.id}`,
            ),
          ],
        ]),
      },
    });
  return { title: 'Webhooks', description: 'Webhook deliveries.', blocks };
}

export function keysPage(keys: ApiKeyRecord[], currentKeyId: string): Page {
  return {
    title: 'API keys',
    description: 'Your API keys.',
    blocks: [
      { h: 1, text: 'API keys' },
      { p: ['Keys are issued and revoked by us on request; the full key is shown only once, when it is issued.'] },
      {
        table: {
          head: ['Key', 'Environment', 'Created', 'Status'],
          rows: keys.map((k) => [
            [`sk_${k.environment}_…${k.last4}${k.id === currentKeyId ? ' (this session)' : ''}`],
            [k.environment],
            [when(k.createdAt)],
            [k.revokedAt ? `Revoked ${when(k.revokedAt)}` : 'Active'],
          ]),
        },
      },
    ],
  };
}
