import { createHash } from 'node:crypto';
// One content model for every public page, rendered to HTML for people and to Markdown for
// agents (Accept: text/markdown), so the two renderings cannot say different things.

export type Inline =
  | string
  | { link: string; text: string }
  | { strong: string }
  /** A control (a small form or button) that only the HTML rendering has; Markdown shows `md` if given. */
  | { html: string; md?: string };
export type Block =
  | { h: 1 | 2 | 3; text: string; id?: string }
  | { p: Inline[] }
  | { list: Inline[][] }
  /** `numeric`: the columns aligned right (the last one unless given). */
  | { table: { head: string[]; rows: Inline[][][]; foot?: Inline[][]; numeric?: number[] } }
  | { form: string };

export interface Page {
  title: string;
  description: string;
  blocks: Block[];
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const mdEsc = (s: string) => s.replace(/([\\`*_[\]|])/g, '\\$1');

function inlineHtml(parts: Inline[]): string {
  return parts
    .map((x) =>
      typeof x === 'string'
        ? esc(x)
        : 'link' in x
          ? `<a href="${esc(x.link)}">${esc(x.text)}</a>`
          : 'html' in x
            ? x.html
            : `<strong>${esc(x.strong)}</strong>`,
    )
    .join('');
}

function inlineMd(parts: Inline[]): string {
  return parts
    .map((x) =>
      typeof x === 'string'
        ? mdEsc(x)
        : 'link' in x
          ? `[${mdEsc(x.text)}](${x.link})`
          : 'html' in x
            ? mdEsc(x.md ?? '')
            : `**${mdEsc(x.strong)}**`,
    )
    .join('');
}

export function renderMarkdown(page: Page): string {
  const out: string[] = [];
  for (const b of page.blocks) {
    if ('h' in b) out.push(`${'#'.repeat(b.h)} ${mdEsc(b.text)}`);
    else if ('p' in b) out.push(inlineMd(b.p));
    else if ('list' in b) out.push(b.list.map((li) => `- ${inlineMd(li)}`).join('\n'));
    else if ('table' in b) {
      const rows = [
        b.table.head.map(mdEsc),
        b.table.head.map(() => '---'),
        ...b.table.rows.map((r) => r.map(inlineMd)),
        ...(b.table.foot ? [b.table.foot.map(inlineMd)] : []),
      ];
      out.push(rows.map((r) => `| ${r.join(' | ')} |`).join('\n'));
    }
  }
  return `${out.join('\n\n')}\n`;
}

const STYLE = `body{font:16px/1.5 system-ui,sans-serif;margin:0;color:#1b1b1b}header,main,footer{max-width:60rem;margin:0 auto;padding:1rem}
header{display:flex;gap:1.5rem;align-items:center;flex-wrap:wrap;border-bottom:1px solid #ddd}a{color:#0b5394}
table{border-collapse:collapse;width:100%}th,td{text-align:left;padding:.4rem .6rem;border-bottom:1px solid #e5e5e5}
td.num,th.num{text-align:right}tfoot td{font-weight:700}form{margin:1rem 0}form.inline{display:inline;margin:0}label{margin-right:.5rem}
input,select,button{font:inherit;padding:.3rem .5rem}button{cursor:pointer}.skip{position:absolute;left:-999px}.skip:focus{left:1rem}
:focus-visible{outline:3px solid #0b5394;outline-offset:2px}.notice{padding:.6rem 1rem;background:#eef5fc;border-left:4px solid #0b5394}`;

/** The CSP allows exactly this inline stylesheet (and no inline script at all). */
export const STYLE_HASH = `sha256-${createHash('sha256').update(STYLE).digest('base64')}`;

export interface RenderContext {
  /** Query parameters every internal link and form carries on (attribution). */
  carry?: Array<[string, string]>;
  /** The header's navigation, when not the public site's. */
  nav?: Inline[];
}

/** The public header, with the basket's count on its Cart link. */
export const publicNav = (basket: readonly string[]): Inline[] => [
  { link: '/tests', text: 'All tests' },
  ' · ',
  {
    html: `<a href="${esc(basket.length ? `/cart?items=${basket.join(',')}` : '/cart')}" data-cart-link>Cart (${basket.length})</a>`,
    md: '',
  },
  ' · ',
  { link: '/docs', text: 'API reference' },
  ' · ',
  { link: '/login', text: 'Partner sign in' },
];

function carryOn(html: string, carry: Array<[string, string]>): string {
  if (!carry.length) return html;
  const extend = (href: string) => {
    const [path, hash] = href.replace(/&amp;/g, '&').split('#', 2) as [string, string | undefined];
    const url = new URL(path, 'http://page');
    for (const [k, v] of carry) if (!url.searchParams.has(k)) url.searchParams.set(k, v);
    return esc(`${url.pathname}${url.search.replace(/%2C/gi, ',')}${hash !== undefined ? `#${hash}` : ''}`);
  };
  const hidden = carry.map(([k, v]) => `<input type="hidden" name="${esc(k)}" value="${esc(v)}">`).join('');
  return html
    .replace(/<a href="(\/(?!\/)[^"]*)"/g, (_m, href: string) => `<a href="${extend(href)}"`)
    .replace(
      /<form method="post" action="(\/(?!\/)[^"]*)"/g,
      (_m, a: string) => `<form method="post" action="${extend(a)}"`,
    )
    .replace(/(<form method="get" action="\/[^"]*"[^>]*>)/g, `$1${hidden}`);
}

export function renderHtml(page: Page, ctx: RenderContext = {}): string {
  const body = page.blocks
    .map((b) => {
      if ('h' in b) return `<h${b.h}${b.id ? ` id="${esc(b.id)}"` : ''}>${esc(b.text)}</h${b.h}>`;
      if ('p' in b) return `<p>${inlineHtml(b.p)}</p>`;
      if ('list' in b) return `<ul>${b.list.map((li) => `<li>${inlineHtml(li)}</li>`).join('')}</ul>`;
      if ('table' in b) {
        const numeric = b.table.numeric ?? [b.table.head.length - 1];
        const num = (i: number) => (numeric.includes(i) ? ' class="num"' : '');
        return `<table><thead><tr>${b.table.head.map((h, i) => `<th scope="col"${num(i)}>${esc(h)}</th>`).join('')}</tr></thead><tbody>${b.table.rows
          .map((r) => `<tr>${r.map((c, i) => `<td${num(i)}>${inlineHtml(c)}</td>`).join('')}</tr>`)
          .join(
            '',
          )}</tbody>${b.table.foot ? `<tfoot><tr>${b.table.foot.map((c, i) => `<td${num(i)}>${inlineHtml(c)}</td>`).join('')}</tr></tfoot>` : ''}</table>`;
      }
      return b.form;
    })
    .join('\n');
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${esc(page.title)}</title><meta name="description" content="${esc(page.description)}"><link rel="icon" href="/favicon.ico" type="image/svg+xml"><style>${STYLE}</style></head>
<body><a class="skip" href="#main">Skip to content</a><header><a href="/"><strong>Lab Tests</strong></a><nav aria-label="Main">${inlineHtml(ctx.nav ?? publicNav([]))}</nav></header>
<main id="main">${body}</main><footer><small>Prices in USD. One flat fee per order covers the lab draw and the physician order.</small></footer></body></html>`;
  return carryOn(html, ctx.carry ?? []);
}

export { esc as escapeHtml };
