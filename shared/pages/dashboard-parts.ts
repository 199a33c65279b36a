// Pieces every partner dashboard page uses.
import { escapeHtml as esc, type Block, type Inline } from './document.js';

export const when = (iso: string | null | undefined) => (iso ? `${iso.slice(0, 16).replace('T', ' ')} UTC` : '');
export const hidden = (name: string, value: string) => `<input type="hidden" name="${name}" value="${esc(value)}">`;

/** A button that POSTs to the dashboard with the session's CSRF token. */
export function actionButton(action: string, csrf: string, label: string, fields: string = '', aria?: string): Inline {
  return {
    html: `<form method="post" action="${esc(action)}" class="inline">${hidden('csrf', csrf)}${fields}<button type="submit"${aria ? ` aria-label="${esc(aria)}"` : ''}>${esc(label)}</button></form>`,
  };
}

/** A status line after a form post (what the action did). */
export function notice(text: string): Block {
  return { p: [{ html: `<span class="notice" role="status">${esc(text)}</span>` }] };
}
