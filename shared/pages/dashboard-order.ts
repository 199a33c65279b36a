// The partner dashboard's order page: the only page that shows patient data.
import type { PublicOrder } from '../domain/order.js';
import type { DeliveryRecord } from '../domain/webhooks/delivery.js';
import { SANDBOX_SCENARIOS } from '../domain/sandbox.js';
import { escapeHtml as esc, type Block, type Inline, type Page } from './document.js';
import { dollars } from './content.js';
import { actionButton, hidden, notice, when } from './dashboard-parts.js';

export interface OrderDocuments {
  requisition: { url: string; expiresAt: string } | null;
  results: { reportedAt: string; pdfs: Array<{ id: string; label: string; url: string }> } | null;
}

function timeline(o: PublicOrder, deliveries: DeliveryRecord[]): Inline[][] {
  const events: Array<[string, string]> = [[o.createdAt, 'Order created']];
  if (o.requisition.issuedAt) events.push([o.requisition.issuedAt, `Requisition ${o.requisition.number ?? ''} issued`]);
  if (o.results.reportedAt) events.push([o.results.reportedAt, 'Results reported']);
  if (o.cancelledAt) events.push([o.cancelledAt, 'Cancelled']);
  for (const d of deliveries) events.push([d.event.createdAt, `Webhook ${d.event.type}: ${d.status}`]);
  return events.sort((a, b) => a[0].localeCompare(b[0])).map(([at, text]) => [`${when(at)}: ${text}`]);
}

export function orderPage(
  o: PublicOrder,
  docs: OrderDocuments,
  deliveries: DeliveryRecord[],
  opts: { sandbox: boolean; csrf: string; notice: string | null },
): Page {
  const p = o.patient;
  const a = p.address;
  const blocks: Block[] = [{ h: 1, text: `Order ${o.id}` }];
  if (opts.notice) blocks.push(notice(opts.notice));
  blocks.push(
    {
      list: [
        ['Status: ', { strong: o.status }],
        [`External id: ${o.externalId ?? '(none)'}`],
        [`Created: ${when(o.createdAt)}; cancellable until ${when(o.cancellableUntil)}`],
        [`Total: ${dollars(o.totalCents)} (payment ${o.payment.status})`],
      ],
    },
    { h: 2, text: 'Patient' },
    {
      list: [
        [`${p.firstName} ${p.lastName}, born ${p.dateOfBirth}, ${p.sex}`],
        [[p.email, p.phone].filter(Boolean).join(' · ') || 'No contact details'],
        [[a.line1, a.line2, a.city, a.state, a.zip].filter(Boolean).join(', ')],
        ...(o.guardian
          ? [[`Guardian: ${o.guardian.firstName} ${o.guardian.lastName} (${o.guardian.relationship})`]]
          : []),
      ],
    },
    { h: 2, text: 'Tests' },
    {
      table: {
        head: ['Item', 'Fasting', 'Price'],
        rows: o.items.map((i) => [[i.name], [i.fastingRequired ? 'Yes' : 'No'], [dollars(i.priceCents)]]),
      },
    },
    { h: 2, text: 'Documents' },
    {
      list: [
        docs.requisition
          ? [
              { link: docs.requisition.url, text: 'Requisition (PDF)' },
              ` — link valid until ${when(docs.requisition.expiresAt)}`,
            ]
          : ['Requisition: not issued yet'],
        ...(docs.results
          ? docs.results.pdfs.map((f) => [{ link: f.url, text: `Results: ${f.label} (PDF)` }])
          : [['Results: not reported yet']]),
      ],
    },
    { h: 2, text: 'Timeline' },
    { list: timeline(o, deliveries) },
  );
  if (opts.sandbox) {
    const scenarios = Object.keys(SANDBOX_SCENARIOS)
      .map((s) => `<option value="${s}">${s}</option>`)
      .join('');
    blocks.push(
      { h: 2, text: 'Sandbox' },
      {
        p: [
          actionButton(`/dashboard/orders/${o.id}`, opts.csrf, 'Advance to the next step', hidden('action', 'advance')),
        ],
      },
      {
        form: `<form method="post" action="/dashboard/orders/${esc(o.id)}">${hidden('csrf', opts.csrf)}${hidden('action', 'simulate')}<label for="scenario">Scenario</label><select id="scenario" name="scenario">${scenarios}</select> <button type="submit">Simulate</button></form>`,
      },
    );
  }
  return { title: `Order ${o.id}`, description: 'Order detail.', blocks };
}
