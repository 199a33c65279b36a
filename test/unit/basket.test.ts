import { describe, expect, it } from 'vitest';
import {
  addToBasket,
  attribution,
  basketCookie,
  basketFromCookie,
  cartPath,
  removeFromBasket,
} from '../../shared/pages/basket.js';
import { renderHtml } from '../../shared/pages/document.js';

describe('the basket', () => {
  it('adding is a union in order, at most 50 items', () => {
    expect(addToBasket(['cbc'], ['tsh', 'cbc'])).toEqual({ ok: true, ids: ['cbc', 'tsh'] });
    const full = Array.from({ length: 50 }, (_, i) => `t${i}`);
    expect(addToBasket(full, ['t1'])).toEqual({ ok: true, ids: full });
    expect(addToBasket(full, ['new'])).toMatchObject({ ok: false, ids: full });
    expect(removeFromBasket(['cbc', 'tsh'], 'cbc')).toEqual(['tsh']);
  });

  it('the cookie holds well-formed catalogue ids only', () => {
    expect(basketCookie(['cbc', 'lipid-panel'], false)).toBe(
      'cart=cbc.lipid-panel; Path=/; Max-Age=2592000; SameSite=Lax',
    );
    expect(basketCookie([], true)).toBe('cart=; Path=/; Max-Age=0; SameSite=Lax; Secure');
    expect(basketFromCookie('a=1; cart=cbc.BAD.tsh.cbc.<x>; b=2')).toEqual(['cbc', 'tsh']);
    expect(basketFromCookie(undefined)).toEqual([]);
  });

  it('keeps only plausible attribution parameters, and writes cart addresses with plain commas', () => {
    expect(attribution({ utm_source: 'news', utm_medium: '<x>', other: 'y', utm_campaign: 'spring-sale' })).toEqual([
      ['utm_source', 'news'],
      ['utm_campaign', 'spring-sale'],
    ]);
    expect(cartPath(['cbc', 'tsh'], [['state', 'CA']])).toBe('/cart?items=cbc,tsh&state=CA');
    expect(cartPath([], [])).toBe('/cart');
  });

  it('every internal link and form of a rendered page carries the attribution on', () => {
    const html = renderHtml(
      {
        title: 't',
        description: 'd',
        blocks: [
          {
            p: [
              { link: '/tests/cbc?x=1', text: 'a' },
              { link: 'https://elsewhere.example/', text: 'b' },
            ],
          },
          { form: '<form method="get" action="/cart"><input name="state"></form>' },
          { form: '<form method="post" action="/cart"><button>x</button></form>' },
        ],
      },
      { carry: [['utm_source', 'news']] },
    );
    expect(html).toContain('href="/tests/cbc?x=1&amp;utm_source=news"');
    expect(html).toContain('href="https://elsewhere.example/"');
    expect(html).toContain('<form method="get" action="/cart"><input type="hidden" name="utm_source" value="news">');
    expect(html).toContain('<form method="post" action="/cart?utm_source=news">');
    expect(html).not.toMatch(/<script>/);
  });
});
