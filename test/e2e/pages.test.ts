import { describe, expect, it } from 'vitest';
import { baseUrl, getJson, getPage as get } from '../support/http.js';

describe('public pages with Markdown negotiation', () => {
  const pages = [
    '/',
    '/tests',
    '/tests/lipid-panel',
    '/panels/heart-health-panel',
    '/cart?items=cbc,lipid-panel&state=ca',
  ];

  it.each(pages)('%s answers HTML by default and Markdown on Accept: text/markdown', async (path) => {
    const html = await get(path);
    expect(html.status).toBe(200);
    expect(html.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(html.headers.get('vary')).toContain('Accept');
    const htmlBody = await html.text();
    expect(htmlBody).toMatch(/^<!doctype html>/);
    expect(htmlBody).toContain('<html lang="en">');
    const md = await get(path, 'text/markdown');
    expect(md.status).toBe(200);
    expect(md.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
    const mdBody = await md.text();
    expect(mdBody).toMatch(/^# /);
    expect(mdBody).not.toContain('<html');
    // Public answers are open to other origins (HTML and Markdown alike); catalogue pages are
    // cached briefly, the cart (a person's basket being edited) never.
    for (const res of [html, md]) {
      expect(res.headers.get('access-control-allow-origin')).toBe('*');
      expect(res.headers.get('cache-control')).toMatch(
        path.startsWith('/cart') ? /^no-store$/ : /^public, max-age=\d+$/,
      );
    }
  });

  it('the test page and its Markdown say the same price and fasting rule', async () => {
    const md = await (await get('/tests/lipid-panel', 'text/markdown')).text();
    const html = await (await get('/tests/lipid-panel')).text();
    for (const fact of ['$29.00', 'Fasting required']) {
      expect(md).toContain(fact);
      expect(html).toContain(fact);
    }
  });

  it('an unknown test is a 404 page', async () => {
    expect((await get('/tests/no-such-test')).status).toBe(404);
    expect((await get('/panels/cbc')).status).toBe(404);
  });

  it('/dashboard without a session goes to /login, HTML whatever the Accept', async () => {
    for (const accept of [undefined, 'text/markdown']) {
      const res = await get('/dashboard', accept);
      expect(res.status).toBe(302);
      expect(res.headers.get('location')).toBe(`/login?next=${encodeURIComponent('/dashboard')}`);
      expect(res.headers.get('access-control-allow-origin')).toBeNull();
      expect(res.headers.get('cache-control')).toBe('no-store');
    }
  });

  it.each(['/checkout', '/admin', '/login'])('%s is always HTML, never cached', async (path) => {
    for (const accept of [undefined, 'text/markdown']) {
      const res = await get(path, accept);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(res.headers.get('cache-control')).toBe('no-store');
    }
  });

  it('/login takes an API key, and a wrong one is refused with the form again', async () => {
    const body = await (await get('/login', 'text/markdown')).text();
    expect(body).toContain('<form method="post" action="/login">');
    expect(body).toMatch(/<label for="apiKey">API key<\/label><input id="apiKey" name="apiKey" type="password"/);
    const posted = await fetch(`${baseUrl()}/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'apiKey=sk_test_0123456789abcdefghijABCDEFGHIJ01&next=%2Fdashboard',
      redirect: 'manual',
    });
    expect(posted.status).toBe(401);
    expect(posted.headers.get('set-cookie')).toBeNull();
    expect(await posted.text()).toContain('not valid');
  });

  it('checkout is honest: ordering is through partners, with the ways to order and no sign-in form', async () => {
    const quote = await getJson('/api/public/v1/quote?items=cbc,lipid-panel&state=CA');
    const body = await (await get('/checkout?items=cbc,lipid-panel&state=CA')).text();
    expect(body).toContain('Orders are placed through our partners');
    expect(body).toContain(`$${(quote.body.totalCents / 100).toFixed(2)} in total`);
    for (const way of ['/docs', '/mcp', '/cart/handoff?items=cbc,lipid-panel']) expect(body).toContain(way);
    expect(body).not.toContain('type="password"');
  });
});

describe('security headers and assets', () => {
  it.each(['/', '/tests', '/cart', '/checkout', '/login', '/tests/nope', '/favicon.ico'])(
    '%s carries a CSP without inline script, frame-ancestors none and a referrer policy',
    async (path) => {
      const res = await get(path);
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(res.headers.get('referrer-policy')).toBe('same-origin');
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      // HSTS is for HTTPS (AWS); the local runtime is plain http.
      expect(res.headers.get('strict-transport-security')).toBeNull();
      const html = await res.text();
      if (res.headers.get('content-type')?.startsWith('text/html')) {
        expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
        expect(html).toContain('<link rel="icon" href="/favicon.ico"');
      }
    },
  );

  it('/favicon.ico is served from our origin, and pages run no script at all', async () => {
    const icon = await get('/favicon.ico');
    expect(icon.status).toBe(200);
    expect(icon.headers.get('content-type')).toBe('image/svg+xml');
    expect(await icon.text()).toMatch(/^<svg /);
    expect(await (await get('/tests')).text()).not.toContain('<script');
  });
});

describe('cart and handoff', () => {
  it('the handoff link opens the prefilled cart, replacing the basket and keeping utm_source and utm_medium', async () => {
    const res = await get('/cart/handoff?items=cbc,lipid-panel&utm_source=chat&utm_medium=agent&other=x');
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/cart?items=cbc,lipid-panel&utm_source=chat&utm_medium=agent');
    // It sets the basket cookie (ids only), so no shared cache may keep it.
    expect(res.headers.get('set-cookie')).toMatch(/^cart=cbc\.lipid-panel; Path=\/; Max-Age=\d+; SameSite=Lax$/);
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('adding makes a union with the basket in the cookie, removing takes one out, /cart follows the cookie', async () => {
    const post = (body: string, cookie?: string) =>
      fetch(`${baseUrl()}/cart?utm_source=news`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...(cookie ? { Cookie: cookie } : {}) },
        body,
      });
    const added = await post('op=add&item=lipid-panel', 'cart=cbc');
    expect(added.status).toBe(303);
    expect(added.headers.get('location')).toBe('/cart?items=cbc,lipid-panel&utm_source=news');
    expect(added.headers.get('set-cookie')).toMatch(/^cart=cbc\.lipid-panel;/);
    const again = await post('op=add&item=cbc', 'cart=cbc.lipid-panel');
    expect(again.headers.get('location')).toBe('/cart?items=cbc,lipid-panel&utm_source=news');
    const removed = await post('op=remove&item=cbc&items=cbc,lipid-panel&state=CA');
    expect(removed.headers.get('location')).toBe('/cart?items=lipid-panel&state=CA&utm_source=news');
    const bare = await fetch(`${baseUrl()}/cart`, { redirect: 'manual', headers: { Cookie: 'cart=cbc.lipid-panel' } });
    expect(bare.status).toBe(302);
    expect(bare.headers.get('location')).toBe('/cart?items=cbc,lipid-panel');
    const page = await (await fetch(`${baseUrl()}/cart?items=cbc,lipid-panel&utm_source=news`)).text();
    expect(page).toContain('data-cart-link>Cart (2)</a>');
    // Every page's header counts the cookie's basket (Vary: Cookie keeps caches honest).
    const home = await fetch(`${baseUrl()}/`, { headers: { Cookie: 'cart=cbc.lipid-panel.tsh' } });
    // fetch accepts gzip, so the page comes compressed, and Vary names that too.
    expect(home.headers.get('vary')).toBe('Accept, Cookie, Accept-Encoding');
    expect(await home.text()).toContain('<a href="/cart?items=cbc,lipid-panel,tsh" data-cart-link>Cart (3)</a>');
    // Every internal link and form keeps the attribution.
    expect(page).toContain('href="/tests?utm_source=news"');
    expect(page).toContain('<input type="hidden" name="utm_source" value="news">');
  });

  it('a full cart (50 items) takes no more', async () => {
    const catalog = await getJson('/api/tests');
    const all = [...catalog.body.tests, ...(catalog.body.panels ?? [])].map((t: { id: string }) => t.id);
    expect(all.length).toBeGreaterThan(50);
    const res = await fetch(`${baseUrl()}/cart`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Cookie: `cart=${all.slice(0, 50).join('.')}` },
      body: `op=add&item=${all[50]}`,
    });
    expect(res.headers.get('location')).toContain('full=1');
    expect(res.headers.get('location')).not.toContain(all[50]);
  });

  it('without a state no checkout is offered, and each item shows its own eligibility', async () => {
    const none = await (await get('/cart?items=cbc,lipid-panel', 'text/markdown')).text();
    expect(none).not.toContain('Continue to checkout');
    expect(none).toContain('Choose your state');
    const ca = await (await get('/cart?items=cbc,lipid-panel&state=CA', 'text/markdown')).text();
    expect(ca).toMatch(/Complete Blood Count[^\n]*\| Offered in CA \|/);
  });

  it('the cart shows the quote total, the fee on its own line, and the state eligibility', async () => {
    const quote = await getJson('/api/public/v1/quote?items=cbc,lipid-panel&state=ny');
    const md = await (await get('/cart?items=cbc,lipid-panel&state=ny', 'text/markdown')).text();
    expect(md).toContain(`$${(quote.body.totalCents / 100).toFixed(2)}`);
    expect(md).toMatch(/fee \(once per order\) \| \$18\.00/);
    expect(md).toContain('Orders cannot be placed from NY');
    // No way forward to a checkout that cannot take this basket; where it can, the basket goes along.
    expect(md).not.toContain('Continue to checkout');
    const ca = await (await get('/cart?items=cbc,lipid-panel&state=ca', 'text/markdown')).text();
    expect(ca).toMatch(/\[Continue to checkout\]\(\/checkout\?items=cbc,lipid-panel&state=\w\w\)/);
    expect(md).toContain('No test can be ordered from NY');
    expect(md).not.toContain('Remove the items');
  });

  it('unknown or malformed ids are shown to the person, not a crash', async () => {
    const md = await (await get('/cart?items=cbc,zz-nope,BAD%3Cscript%3E', 'text/markdown')).text();
    expect(md).toContain('We could not find a test called “zz-nope”');
    expect(md).toContain('is not a valid test id');
    const html = await (await get('/cart?items=%3Cscript%3Ealert(1)%3C/script%3E')).text();
    expect(html).not.toContain('<script>alert');
  });
});
