import { beforeAll, describe, expect, it } from 'vitest';
import { baseUrl } from '../support/http.js';
import { admin, adultPatient, newPartner, placeOrder, type TestPartner } from '../support/partner.js';

// The partner dashboard over plain HTTP: sign-in, the session cookie, CSRF, isolation between
// partners and the caching rules. The browser test drives the same pages through chromium.

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

async function signIn(apiKey: string, next = '/dashboard') {
  return fetch(`${baseUrl()}/login`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: form({ apiKey, next }),
  });
}

async function sessionOf(p: TestPartner): Promise<string> {
  const res = await signIn(p.key);
  expect(res.status).toBe(303);
  return (res.headers.get('set-cookie') ?? '').split(';')[0] as string;
}

const page = (cookie: string, path: string, init: RequestInit = {}) =>
  fetch(`${baseUrl()}${path}`, { redirect: 'manual', ...init, headers: { Cookie: cookie, ...init.headers } });

const post = (cookie: string, path: string, fields: Record<string, string>) =>
  page(cookie, path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: form(fields),
  });

const csrfOf = async (cookie: string) =>
  /name="csrf" value="([^"]+)"/.exec(await (await page(cookie, '/dashboard/keys')).text())?.[1] as string;

let partner: TestPartner;
let other: TestPartner;
beforeAll(async () => {
  partner = await newPartner();
  other = await newPartner();
});

describe('signing in to the dashboard', () => {
  it('exchanges a test key for a signed, HttpOnly, SameSite=Strict session cookie and goes to next', async () => {
    const res = await signIn(partner.key, '/dashboard/webhooks');
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/dashboard/webhooks');
    const cookie = res.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(
      /^dashboard_session=[\w-]+\.[\w-]+; Path=\/dashboard; Max-Age=1800; HttpOnly; SameSite=Strict$/,
    );
    expect(cookie).not.toContain(partner.key);
    // Over plain http (the local runtime) the cookie cannot be Secure; in AWS it is.
    expect(cookie).not.toContain('Secure');
  });

  it('refuses a wrong key, a live key on the sandbox, and an unsafe next', async () => {
    const wrong = await signIn('sk_test_ABCDEFGHIJKLMNOPQRSTUVWXYZ012345');
    expect(wrong.status).toBe(401);
    expect(await wrong.text()).toContain('That API key is not valid');
    const live = await signIn('sk_live_ABCDEFGHIJKLMNOPQRSTUVWXYZ012345');
    expect(live.status).toBe(401);
    expect(await live.text()).toContain('This is the sandbox: sign in with a test key');
    expect((await signIn(partner.key, '//evil.example/x')).headers.get('location')).toBe('/dashboard');
  });

  it('a suspended partner cannot sign in, and suspending one ends its session', async () => {
    const p = await newPartner();
    const cookie = await sessionOf(p);
    await admin('PATCH', `/partners/${p.id}`, { status: 'suspended' });
    expect((await signIn(p.key)).status).toBe(401);
    const res = await page(cookie, '/dashboard');
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/login?next=%2Fdashboard&ended=1');
    expect(res.headers.get('set-cookie')).toMatch(/^dashboard_session=; Path=\/dashboard; Max-Age=0/);
  });

  it('a forged or tampered cookie is no session', async () => {
    const cookie = await sessionOf(partner);
    const tampered = cookie.replace(/\.[\w-]+$/, '.AAAA');
    expect((await page(tampered, '/dashboard')).status).toBe(302);
    expect((await page('dashboard_session=nonsense', '/dashboard/keys')).status).toBe(302);
  });
});

describe('the dashboard pages', () => {
  it('orders: filtered by status and externalId, no patient data in the list; all pages no-store and HTML', async () => {
    const a = (await placeOrder(partner, ['cbc'])).body;
    const b = (await placeOrder(partner, ['tsh'])).body;
    const cookie = await sessionOf(partner);
    const list = await page(cookie, '/dashboard', { headers: { Accept: 'text/markdown' } });
    expect(list.status).toBe(200);
    expect(list.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(list.headers.get('cache-control')).toBe('no-store');
    expect(list.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    const html = await list.text();
    expect(html).toContain(a.id);
    expect(html).toContain(b.id);
    expect(html).not.toContain(adultPatient.lastName);
    const one = await (await page(cookie, `/dashboard?externalId=${encodeURIComponent(a.externalId)}`)).text();
    expect(one).toContain(a.id);
    expect(one).not.toContain(b.id);
    const cancelled = await (await page(cookie, '/dashboard?status=cancelled')).text();
    expect(cancelled).not.toContain(a.id);
    const detail = await page(cookie, `/dashboard/orders/${a.id}`);
    expect(detail.headers.get('cache-control')).toBe('no-store');
    expect(await detail.text()).toContain(adultPatient.lastName);
  });

  it('never shows another partner’s order or delivery: 404, as for an unknown or absurd id', async () => {
    const theirs = (await placeOrder(other, ['cbc'])).body;
    const cookie = await sessionOf(partner);
    const csrf = await csrfOf(cookie);
    for (const id of [theirs.id, 'order_nope', 'A'.repeat(2_000)]) {
      const res = await page(cookie, `/dashboard/orders/${id}`);
      expect(res.status).toBe(404);
      expect(res.headers.get('cache-control')).toBe('no-store');
    }
    expect((await post(cookie, `/dashboard/orders/${theirs.id}`, { csrf, action: 'advance' })).status).toBe(404);
    const deliveryId = `${theirs.id}__order.requisition_ready__sandbox`;
    expect((await post(cookie, '/dashboard/webhooks', { csrf, action: 'replay', delivery: deliveryId })).status).toBe(
      404,
    );
    expect((await page(cookie, '/dashboard')).status).toBe(200);
    expect(await (await page(cookie, '/dashboard')).text()).not.toContain(theirs.id);
  });

  it('forms need the session’s CSRF token: none, or another session’s, is refused', async () => {
    const order = (await placeOrder(partner, ['cbc'])).body;
    const mine = await sessionOf(partner);
    const theirs = await sessionOf(other);
    const theirCsrf = await csrfOf(theirs);
    for (const fields of [{}, { csrf: theirCsrf }, { csrf: 'x' }] as Array<Record<string, string>>) {
      const res = await post(mine, `/dashboard/orders/${order.id}`, { ...fields, action: 'advance' });
      expect(res.status).toBe(403);
    }
    const still = await (await page(mine, `/dashboard/orders/${order.id}`)).text();
    expect(still).toContain('Requisition: not issued yet');
    const ok = await post(mine, `/dashboard/orders/${order.id}`, { csrf: await csrfOf(mine), action: 'advance' });
    expect(ok.status).toBe(303);
    expect(ok.headers.get('location')).toBe(`/dashboard/orders/${order.id}?notice=advanced`);
  });

  it('simulate sets a sandbox scenario; an unknown scenario is refused with a notice', async () => {
    const order = (await placeOrder(partner, ['cbc'])).body;
    const cookie = await sessionOf(partner);
    const csrf = await csrfOf(cookie);
    const path = `/dashboard/orders/${order.id}`;
    expect(
      (await post(cookie, path, { csrf, action: 'simulate', scenario: 'critical_results' })).headers.get('location'),
    ).toContain('notice=simulated');
    expect(
      (await post(cookie, path, { csrf, action: 'simulate', scenario: 'nope' })).headers.get('location'),
    ).toContain('notice=refused');
  });

  it('keys show the last four and dates, never a key; signing out forgets the cookie', async () => {
    const cookie = await sessionOf(partner);
    const keys = await (await page(cookie, '/dashboard/keys')).text();
    expect(keys).toContain(`sk_test_…${partner.key.slice(-4)} (this session)`);
    expect(keys).not.toContain(partner.key);
    const out = await post(cookie, '/dashboard', { csrf: await csrfOf(cookie), action: 'sign-out' });
    expect(out.status).toBe(303);
    expect(out.headers.get('location')).toBe('/login?signedOut=1');
    expect(out.headers.get('set-cookie')).toMatch(/^dashboard_session=; /);
  });

  it('revoking the key ends the session at the next request', async () => {
    const p = await newPartner();
    const cookie = await sessionOf(p);
    expect((await page(cookie, '/dashboard')).status).toBe(200);
    await admin('DELETE', `/partners/${p.id}/keys/${p.keyId}`);
    const res = await page(cookie, '/dashboard');
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toContain('ended=1');
  });
});
