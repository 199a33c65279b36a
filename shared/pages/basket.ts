// The person's basket on the public site: catalogue ids only, in a first-party cookie that the
// cart's URL (/cart?items=a,b) mirrors. Pure rules; the page handlers read and write the cookie.
import { ITEM_ID_PATTERN, MAX_ITEM_ID_LENGTH, splitIds } from '../domain/public-query.js';
import { SERVICE_CONFIG } from '../config/service-config.js';

export const BASKET_COOKIE = 'cart';
const MAX_AGE_SECONDS = 30 * 24 * 3600;

const wellFormed = (id: string) => id.length <= MAX_ITEM_ID_LENGTH && ITEM_ID_PATTERN.test(id);

/** Reads the basket from a Cookie header: ids are dot-separated (commas are not allowed in a cookie value). */
export function basketFromCookie(cookieHeader: string | undefined): string[] {
  const raw = cookieValue(cookieHeader, BASKET_COOKIE) ?? '';
  return [...new Set(raw.split('.').filter(wellFormed))].slice(0, SERVICE_CONFIG.maxQuoteItems);
}

export function cookieValue(cookieHeader: string | undefined, name: string): string | null {
  for (const part of (cookieHeader ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return null;
}

/** Set-Cookie for a basket: ids only, so it needs no protection beyond SameSite=Lax. */
export function basketCookie(ids: readonly string[], secure: boolean): string {
  const value = ids.filter(wellFormed).join('.');
  const life = value ? `Max-Age=${MAX_AGE_SECONDS}` : 'Max-Age=0';
  return `${BASKET_COOKIE}=${value}; Path=/; ${life}; SameSite=Lax${secure ? '; Secure' : ''}`;
}

export type BasketChange = { ok: true; ids: string[] } | { ok: false; ids: string[]; problem: string };

/** Adding makes a union with what is there, up to the quote's limit. */
export function addToBasket(current: readonly string[], added: readonly string[]): BasketChange {
  const ids = [...current];
  for (const id of added) {
    if (ids.includes(id)) continue;
    if (ids.length >= SERVICE_CONFIG.maxQuoteItems)
      return { ok: false, ids, problem: `A cart holds at most ${SERVICE_CONFIG.maxQuoteItems} items.` };
    ids.push(id);
  }
  return { ok: true, ids };
}

export function removeFromBasket(current: readonly string[], removed: string): string[] {
  return current.filter((id) => id !== removed);
}

export function parseItems(raw: string | undefined | null): string[] {
  return splitIds(raw ?? '');
}

// Attribution parameters ride along on every internal link and form, so a visit that arrived
// from a campaign is still attributed after the person has clicked around.
export const ATTRIBUTION_PARAMS = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content'] as const;

export function attribution(params: Record<string, string | null | undefined>): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  for (const k of ATTRIBUTION_PARAMS) {
    const v = params[k];
    if (v && v.length <= 100 && /^[\w.~ +-]+$/.test(v)) out.push([k, v]);
  }
  return out;
}

/** A cart address: items comma-separated (as the handoff link writes them), then state and attribution. */
export function cartPath(ids: readonly string[], extra: Array<[string, string]> = []): string {
  const params = new URLSearchParams(ids.length ? [['items', ids.join(',')], ...extra] : extra);
  const qs = params.toString().replace(/%2C/gi, ',');
  return `/cart${qs ? `?${qs}` : ''}`;
}
