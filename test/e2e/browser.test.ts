import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { baseUrl, getJson } from '../support/http.js';
import { admin, adultPatient, newPartner, placeOrder, type TestPartner } from '../support/partner.js';
import { startReceiver } from '../support/receiver.js';
import { available, launchBrowser, SHOTS } from '../support/browser.js';

let browser: Browser;
beforeAll(async () => {
  if (available) browser = await launchBrowser();
});
afterAll(async () => browser?.close());

const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;
const cartTotal = (page: Page) => page.locator('tfoot td').nth(1).textContent();
const cartLink = (page: Page) => page.locator('a[data-cart-link]').textContent();
const quoteTotal = async (ids: string[], state?: string) =>
  money(
    (await getJson(`/api/public/v1/quote?items=${ids.join(',')}${state ? `&state=${state}` : ''}`)).body.totalCents,
  );
const itemsOf = (page: Page) => new URL(page.url()).searchParams.get('items')?.split(',') ?? [];

describe.skipIf(!available)('a person building a basket', () => {
  it('adds three items across pages, changes state, removes one, follows the handoff link: totals match the quote', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${baseUrl()}/tests/cbc?utm_source=e2e&utm_medium=browser`);
    await Promise.all([page.waitForURL(/\/cart\?/), page.getByRole('button', { name: 'Add to cart' }).click()]);
    expect(itemsOf(page)).toEqual(['cbc']);
    await expect(cartLink(page)).resolves.toBe('Cart (1)');

    // Across pages by their own links: the attribution rides along on every one.
    await Promise.all([page.waitForURL(/\/tests\?/), page.getByRole('link', { name: 'All tests' }).click()]);
    expect(new URL(page.url()).searchParams.get('utm_source')).toBe('e2e');
    await expect(cartLink(page)).resolves.toBe('Cart (1)'); // every page counts the cart cookie's basket
    await Promise.all([
      page.waitForURL(/lipid-panel/),
      page.getByRole('link', { name: 'Lipid Panel', exact: true }).click(),
    ]);
    await Promise.all([page.waitForURL(/\/cart\?/), page.getByRole('button', { name: 'Add to cart' }).click()]);
    await page.goto(`${baseUrl()}/panels/heart-health-panel?utm_source=e2e&utm_medium=browser`);
    await Promise.all([page.waitForURL(/\/cart\?/), page.getByRole('button', { name: 'Add to cart' }).click()]);
    const three = ['cbc', 'lipid-panel', 'heart-health-panel'];
    expect(itemsOf(page)).toEqual(three);
    expect(new URL(page.url()).searchParams.get('utm_medium')).toBe('browser');
    await expect(cartLink(page)).resolves.toBe('Cart (3)');
    await expect(cartTotal(page)).resolves.toBe(await quoteTotal(three));
    await expect(page.getByRole('link', { name: 'Continue to checkout' }).count()).resolves.toBe(0);

    // Choosing a state shows each item's own answer from the quote (a plain form, keyboard first).
    const chooseState = async (state: string) => {
      await page.getByLabel('Your state').selectOption(state);
      await Promise.all([
        page.waitForURL(new RegExp(`state=${state}`)),
        page.getByRole('button', { name: 'Check availability' }).click(),
      ]);
    };
    await chooseState('CA');
    await expect(page.getByText('Offered in CA').count()).resolves.toBe(3);
    await expect(cartTotal(page)).resolves.toBe(await quoteTotal(three, 'CA'));
    await page.screenshot({ path: `${SHOTS}/cart.png`, fullPage: true });
    await chooseState('NY');
    await expect(page.getByText('Orders cannot be placed from NY').count()).resolves.toBe(1);
    await expect(page.getByRole('link', { name: 'Continue to checkout' }).count()).resolves.toBe(0);
    await chooseState('CA');

    await Promise.all([
      page.waitForURL((u) => !u.search.includes('lipid-panel')),
      page.getByRole('button', { name: 'Remove Lipid Panel' }).click(),
    ]);
    const two = ['cbc', 'heart-health-panel'];
    expect(itemsOf(page)).toEqual(two);
    expect(new URL(page.url()).searchParams.get('state')).toBe('CA');
    await expect(cartTotal(page)).resolves.toBe(await quoteTotal(two, 'CA'));

    // The handoff link, a reload and the header agree on the basket.
    const handoff = (await page.locator('a[href*="/cart/handoff"]').first().getAttribute('href')) as string;
    await page.goto(handoff);
    expect(itemsOf(page)).toEqual(two);
    await page.reload();
    await expect(cartTotal(page)).resolves.toBe(await quoteTotal(two));
    await page.goto(`${baseUrl()}/`);
    await expect(cartLink(page)).resolves.toBe('Cart (2)');
    await Promise.all([page.waitForURL(/\/cart\?items=/), page.locator('a[data-cart-link]').click()]);
    expect(itemsOf(page)).toEqual(two);

    // Checkout says how ordering works instead of a sign-in that cannot succeed.
    await page.goto(`${baseUrl()}/cart?items=${two.join(',')}&state=CA`);
    await Promise.all([
      page.waitForURL(/\/checkout/),
      page.getByRole('link', { name: 'Continue to checkout' }).click(),
    ]);
    await expect(page.getByText('Orders are placed through our partners').count()).resolves.toBe(1);
    await expect(page.locator('input[type=password]').count()).resolves.toBe(0);

    // A handoff replaces the basket.
    await page.goto(`${baseUrl()}/cart/handoff?items=tsh`);
    expect(itemsOf(page)).toEqual(['tsh']);
    await expect(cartLink(page)).resolves.toBe('Cart (1)');
    await context.close();
  });
});

describe.skipIf(!available)('a partner in the dashboard', () => {
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let partner: TestPartner;
  let other: TestPartner;
  beforeAll(async () => {
    receiver = await startReceiver();
    partner = await newPartner({ webhookUrl: receiver.url });
    await admin('POST', `/partners/${partner.id}/webhook-secret`);
    other = await newPartner();
  });
  afterAll(async () => receiver?.close());

  it('signs in with a test key, sees an order, advances it, replays a delivery, sends a test event; revoking ends the session', async () => {
    const order = (await placeOrder(partner, ['cbc', 'lipid-panel'])).body;
    const theirs = (await placeOrder(other, ['cbc'])).body;
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${baseUrl()}/dashboard`);
    expect(new URL(page.url()).pathname).toBe('/login');
    await page.getByLabel('API key').fill('sk_test_nottherightkeynottherightkey00');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByText('That API key is not valid').count()).resolves.toBe(1);
    await page.getByLabel('API key').fill(partner.key);
    await Promise.all([page.waitForURL(/\/dashboard$/), page.getByRole('button', { name: 'Sign in' }).click()]);
    const session = (await context.cookies()).find((c) => c.name === 'dashboard_session');
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/dashboard' });
    expect(session?.value).not.toContain(partner.key);

    // The list shows the order without patient data; the order's own page has it, never cached.
    await expect(page.getByRole('link', { name: order.id }).count()).resolves.toBe(1);
    await expect(page.getByText(adultPatient.lastName).count()).resolves.toBe(0);
    await expect(page.getByRole('link', { name: theirs.id }).count()).resolves.toBe(0);
    const [orderPage] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith(`/dashboard/orders/${order.id}`)),
      page.getByRole('link', { name: order.id }).click(),
    ]);
    expect(orderPage.headers()['cache-control']).toBe('no-store');
    await expect(page.getByText(adultPatient.lastName).count()).resolves.toBe(1);
    await expect(page.getByText('Requisition: not issued yet').count()).resolves.toBe(1);
    await Promise.all([
      page.waitForURL(/notice=advanced/),
      page.getByRole('button', { name: 'Advance to the next step' }).click(),
    ]);
    await expect(page.getByText('requisition_ready', { exact: true }).count()).resolves.toBe(1);
    const requisition = await page.getByRole('link', { name: 'Requisition (PDF)' }).getAttribute('href');
    const pdf = await fetch(requisition as string);
    expect(pdf.status).toBe(200);
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    await page.screenshot({ path: `${SHOTS}/order.png`, fullPage: true });

    // The delivery log: replay the requisition webhook, then send a test event.
    await Promise.all([
      page.waitForURL(/\/dashboard\/webhooks$/),
      page.getByRole('link', { name: 'Webhooks' }).click(),
    ]);
    const row = page.locator('tr', { hasText: 'order.requisition_ready' });
    await expect(row.count()).resolves.toBe(1);
    const before = receiver.received.length;
    await Promise.all([page.waitForURL(/notice=replayed/), row.getByRole('button', { name: /^Replay/ }).click()]);
    expect(await page.locator('main').textContent()).toContain('Delivery sent again (HTTP 200).');
    await expect(page.locator('tr', { hasText: 'order.requisition_ready' }).textContent()).resolves.toContain(
      '(replay)',
    );
    expect(receiver.received.length).toBe(before + 1);
    await Promise.all([
      page.waitForURL(/notice=test-delivered/),
      page.getByRole('button', { name: 'Send test event' }).click(),
    ]);
    expect(await page.locator('main').textContent()).toContain('Test event delivered (HTTP 200).');
    expect(JSON.parse(receiver.received.at(-1)?.rawBody ?? '{}').type).toBe('webhook.test');
    await page.screenshot({ path: `${SHOTS}/deliveries.png`, fullPage: true });

    await page.getByRole('link', { name: 'API keys' }).click();
    await expect(page.getByText(`sk_test_…${partner.key.slice(-4)} (this session)`).count()).resolves.toBe(1);

    // Another partner's order reads as unknown.
    const foreign = await page.goto(`${baseUrl()}/dashboard/orders/${theirs.id}`);
    expect(foreign?.status()).toBe(404);

    // Revoking the key ends the session at the next click.
    await page.goto(`${baseUrl()}/dashboard/keys`);
    expect((await admin('DELETE', `/partners/${partner.id}/keys/${partner.keyId}`)).status).toBe(200);
    await page.getByRole('link', { name: 'Orders' }).click();
    await page.waitForURL(/\/login\?/);
    await expect(page.getByText('Your session has ended').count()).resolves.toBe(1);
    await context.close();
  });
});
