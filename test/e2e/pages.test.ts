import { describe, expect, it } from 'vitest';
import { baseUrl, getJson } from '../support/http.js';

const get = (path: string, accept?: string) =>
  fetch(`${baseUrl()}${path}`, { redirect: 'manual', headers: accept ? { Accept: accept } : {} });

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

  it.each(['/dashboard', '/checkout', '/admin'])(
    '%s is protected: HTML redirect to /login whatever the Accept',
    async (path) => {
      for (const accept of [undefined, 'text/markdown']) {
        const res = await get(path, accept);
        expect(res.status).toBe(302);
        expect(res.headers.get('location')).toBe(`/login?next=${encodeURIComponent(path)}`);
        expect(res.headers.get('access-control-allow-origin')).toBeNull();
        expect(res.headers.get('cache-control')).toBe('no-store');
      }
    },
  );

  it('/login is a real sign-in page and always HTML', async () => {
    const res = await get('/login', 'text/markdown');
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const body = await res.text();
    expect(body).toContain('<form method="post" action="/login">');
    expect(body).toContain('type="password"');
    const posted = await fetch(`${baseUrl()}/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'email=a%40b.c&password=x&next=%2Fdashboard',
    });
    expect(posted.status).toBe(401);
    expect(await posted.text()).toContain('not correct');
  });
});

describe('cart and handoff', () => {
  it('the handoff link opens the prefilled cart, keeping utm_source and utm_medium', async () => {
    const res = await get('/cart/handoff?items=cbc,lipid-panel&utm_source=chat&utm_medium=agent&other=x');
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/cart?items=cbc,lipid-panel&utm_source=chat&utm_medium=agent');
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('cache-control')).toMatch(/^public, max-age=\d+$/);
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
    const checkout = await get('/checkout?items=cbc,lipid-panel&state=CA');
    expect(checkout.headers.get('location')).toBe(
      `/login?next=${encodeURIComponent('/checkout?items=cbc%2Clipid-panel&state=CA')}`,
    );
  });

  it('unknown or malformed ids are shown to the person, not a crash', async () => {
    const md = await (await get('/cart?items=cbc,zz-nope,BAD%3Cscript%3E', 'text/markdown')).text();
    expect(md).toContain('We could not find a test called “zz-nope”');
    expect(md).toContain('is not a valid test id');
    const html = await (await get('/cart?items=%3Cscript%3Ealert(1)%3C/script%3E')).text();
    expect(html).not.toContain('<script>alert');
  });
});

describe('agent-facing catalogue', () => {
  it('/api/catalog is compact, has Spanish with locale=es and carries utm_medium into urls', async () => {
    const en = await getJson('/api/catalog');
    expect(en.status).toBe(200);
    const cbc = en.body.tests.find((t: { id: string }) => t.id === 'cbc');
    expect(Object.keys(cbc).sort()).toEqual([
      'biomarkers',
      'category',
      'description',
      'id',
      'name',
      'price',
      'type',
      'url',
    ]);
    expect(Number.isInteger(cbc.price)).toBe(true);
    const panel = en.body.panels[0];
    expect(panel.biomarkers.length).toBeGreaterThan(0);
    const es = await getJson('/api/catalog?locale=es&utm_medium=chatbot');
    const cbcEs = es.body.tests.find((t: { id: string }) => t.id === 'cbc');
    expect(cbcEs.name).toBe('Hemograma completo con diferencial');
    expect(cbcEs.category).toBe('Hemograma');
    expect(es.body.orderFee.label).toBe('Tarifa de extracción en laboratorio y orden médica');
    expect(es.body.orderFee.amountCents).toBe(en.body.orderFee.amountCents);
    // Every category the catalogue uses has its Spanish name.
    const english = new Set([...en.body.tests, ...en.body.panels].map((i: { category: string }) => i.category));
    const spanish = new Set([...es.body.tests, ...es.body.panels].map((i: { category: string }) => i.category));
    for (const c of spanish) expect(english.has(c), c).toBe(c === 'Diabetes');
    expect(cbcEs.url).toMatch(/utm_medium=chatbot$/);
    expect(en.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('/llms.txt points agents to the catalogue, the quote API, MCP and the API documents', async () => {
    const res = await get('/llms.txt');
    const body = await res.text();
    for (const p of ['/api/catalog', '/api/public/v1/quote', '/mcp', 'openapi.json']) expect(body).toContain(p);
  });
});
