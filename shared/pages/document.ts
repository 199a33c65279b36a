// One content model for every public page, rendered to HTML for people and to Markdown for
// agents (Accept: text/markdown), so the two renderings cannot say different things.

export type Inline = string | { link: string; text: string } | { strong: string };
export type Block =
  | { h: 1 | 2 | 3; text: string; id?: string }
  | { p: Inline[] }
  | { list: Inline[][] }
  | { table: { head: string[]; rows: Inline[][][]; foot?: Inline[][] } }
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
          : `<strong>${esc(x.strong)}</strong>`,
    )
    .join('');
}

function inlineMd(parts: Inline[]): string {
  return parts
    .map((x) =>
      typeof x === 'string' ? mdEsc(x) : 'link' in x ? `[${mdEsc(x.text)}](${x.link})` : `**${mdEsc(x.strong)}**`,
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
header{display:flex;gap:1.5rem;align-items:center;border-bottom:1px solid #ddd}header a{color:#0b5394}a{color:#0b5394}
table{border-collapse:collapse;width:100%}th,td{text-align:left;padding:.4rem .6rem;border-bottom:1px solid #e5e5e5}
td.num,th.num{text-align:right}tfoot td{font-weight:700}form{margin:1rem 0}label{margin-right:.5rem}
input,select,button{font:inherit;padding:.3rem .5rem}.skip{position:absolute;left:-999px}.skip:focus{left:1rem}`;

export function renderHtml(page: Page): string {
  const body = page.blocks
    .map((b) => {
      if ('h' in b) return `<h${b.h}${b.id ? ` id="${esc(b.id)}"` : ''}>${esc(b.text)}</h${b.h}>`;
      if ('p' in b) return `<p>${inlineHtml(b.p)}</p>`;
      if ('list' in b) return `<ul>${b.list.map((li) => `<li>${inlineHtml(li)}</li>`).join('')}</ul>`;
      if ('table' in b) {
        const num = (i: number) => (i === b.table.head.length - 1 ? ' class="num"' : '');
        return `<table><thead><tr>${b.table.head.map((h, i) => `<th scope="col"${num(i)}>${esc(h)}</th>`).join('')}</tr></thead><tbody>${b.table.rows
          .map((r) => `<tr>${r.map((c, i) => `<td${num(i)}>${inlineHtml(c)}</td>`).join('')}</tr>`)
          .join(
            '',
          )}</tbody>${b.table.foot ? `<tfoot><tr>${b.table.foot.map((c, i) => `<td${num(i)}>${inlineHtml(c)}</td>`).join('')}</tr></tfoot>` : ''}</table>`;
      }
      return b.form;
    })
    .join('\n');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${esc(page.title)}</title><meta name="description" content="${esc(page.description)}"><style>${STYLE}</style></head>
<body><a class="skip" href="#main">Skip to content</a><header><a href="/"><strong>Lab Tests</strong></a><nav aria-label="Main"><a href="/tests">All tests</a> · <a href="/cart">Cart</a> · <a href="/login">Sign in</a></nav></header>
<main id="main">${body}</main><footer><small>Prices in USD. One flat fee per order covers the lab draw and the physician order.</small></footer></body></html>`;
}

export { esc as escapeHtml };
