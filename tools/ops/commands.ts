// The ops CLI's commands: each names its positional arguments and options, and maps them to one
// operator API call. Adding a command is adding a row.

export interface Parsed {
  args: string[];
  options: Record<string, string>;
}

export interface Command {
  name: string;
  args: string[];
  options?: string[];
  summary: string;
  request(p: Parsed): { method: string; path: string; body?: unknown };
}

const qs = (o: Record<string, string | undefined>) => {
  const q = new URLSearchParams(Object.entries(o).filter((e): e is [string, string] => e[1] !== undefined));
  return q.size ? `?${q}` : '';
};
const seg = encodeURIComponent;
const paging = ['limit', 'cursor'];
const setStatus = (name: string, status: 'active' | 'suspended', summary: string): Command => ({
  name,
  args: ['partnerId'],
  summary,
  request: ({ args: [id] }) => ({ method: 'PATCH', path: `/partners/${seg(id as string)}`, body: { status } }),
});

export const COMMANDS: Command[] = [
  {
    name: 'partners list',
    args: [],
    options: ['status', ...paging],
    summary: 'List partners, newest first (--status active|suspended).',
    request: ({ options: o }) => ({
      method: 'GET',
      path: `/partners${qs({ status: o.status, limit: o.limit, cursor: o.cursor })}`,
    }),
  },
  {
    name: 'partners create',
    args: ['name'],
    options: ['webhook-url', 'payment-method'],
    summary: 'Create a partner (active, default fees).',
    request: ({ args: [name], options: o }) => ({
      method: 'POST',
      path: '/partners',
      body: {
        name,
        ...(o['webhook-url'] ? { webhookUrl: o['webhook-url'] } : {}),
        ...(o['payment-method'] ? { paymentMethod: o['payment-method'] } : {}),
      },
    }),
  },
  {
    name: 'partners get',
    args: ['partnerId'],
    summary: 'Show a partner and its keys (ids and last 4 characters only).',
    request: ({ args: [id] }) => ({ method: 'GET', path: `/partners/${seg(id as string)}` }),
  },
  setStatus('partners suspend', 'suspended', 'Suspend a partner: its keys answer 403 partner_suspended.'),
  setStatus('partners activate', 'active', 'Reactivate a suspended partner.'),
  {
    name: 'keys create',
    args: ['partnerId'],
    options: ['environment'],
    summary: 'Mint an API key (--environment test|live, default test); the key is shown once.',
    request: ({ args: [id], options: o }) => ({
      method: 'POST',
      path: `/partners/${seg(id as string)}/keys`,
      body: { environment: o.environment ?? 'test' },
    }),
  },
  {
    name: 'keys revoke',
    args: ['partnerId', 'keyId'],
    summary: 'Revoke a key at once.',
    request: ({ args: [id, key] }) => ({
      method: 'DELETE',
      path: `/partners/${seg(id as string)}/keys/${seg(key as string)}`,
    }),
  },
  {
    name: 'webhook set-url',
    args: ['partnerId', 'url'],
    summary: 'Point the partner’s webhooks at a URL (https in production).',
    request: ({ args: [id, url] }) => ({
      method: 'PATCH',
      path: `/partners/${seg(id as string)}`,
      body: { webhookUrl: url },
    }),
  },
  {
    name: 'webhook rotate-secret',
    args: ['partnerId'],
    summary: 'Create or rotate the signing secret (shown once; the old one signs too for 24 hours).',
    request: ({ args: [id] }) => ({ method: 'POST', path: `/partners/${seg(id as string)}/webhook-secret` }),
  },
  {
    name: 'deliveries list',
    args: [],
    options: ['partner', 'order', 'status', ...paging],
    summary: 'List webhook deliveries of a partner or order; --status failed alone lists every partner’s failures.',
    request: ({ options: o }) => ({
      method: 'GET',
      path: `/deliveries${qs({ partnerId: o.partner, orderId: o.order, status: o.status, limit: o.limit, cursor: o.cursor })}`,
    }),
  },
  {
    name: 'deliveries replay',
    args: ['deliveryId'],
    summary: 'Send a delivery again now.',
    request: ({ args: [id] }) => ({ method: 'POST', path: `/deliveries/${seg(id as string)}/replay` }),
  },
  {
    name: 'audit',
    args: [],
    options: ['order', 'partner', ...paging],
    summary: 'Read the audit trail of an order (--order) or a partner (--partner), newest first.',
    request: ({ options: o }) => ({
      method: 'GET',
      path: `/audit${qs({ orderId: o.order, partnerId: o.partner, limit: o.limit, cursor: o.cursor })}`,
    }),
  },
];

export function usage(): string {
  const lines = COMMANDS.map((c) => {
    const call = [c.name, ...c.args.map((a) => `<${a}>`), ...(c.options ?? []).map((o) => `[--${o} <value>]`)].join(
      ' ',
    );
    return `  ${call}\n      ${c.summary}`;
  });
  return [
    'Usage: npm run ops -- <command> [arguments] [--aws]',
    '',
    'Environment:',
    '  OPS_URL      the operator API origin (http://127.0.0.1:3000 locally; the OperatorApi URL of a stage)',
    '  ADMIN_TOKEN  the local runtime’s admin token: sent as a bearer. Unset (or --aws): the request is',
    '               SigV4-signed with your AWS credentials (default chain), region from AWS_REGION or OPS_URL.',
    '',
    'Commands:',
    ...lines,
    '',
    'Answers are printed as JSON on stdout. Exit status: 0 success, 1 the API refused, 2 usage error.',
  ].join('\n');
}
