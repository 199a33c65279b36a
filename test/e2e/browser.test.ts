import { existsSync, mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type Browser } from 'playwright-core';
import { baseUrl, getJson } from '../support/http.js';

// Debian's chromium (installed by .ci/run). On a developer machine without it the test is
// skipped with a note; on CI it must run.
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const available = existsSync(CHROMIUM);
if (!available && process.env.CI) throw new Error(`CI needs chromium at ${CHROMIUM} (.ci/run installs it)`);
if (!available) console.warn(`browser test skipped: no chromium at ${CHROMIUM} (apt-get install chromium)`);

let browser: Browser;
beforeAll(async () => {
  if (!available) return;
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
});
afterAll(async () => browser?.close());

describe.skipIf(!available)('a person following a handoff link', () => {
  it('sees the prefilled cart with the quote total, picks a state, and the page says whether it can be ordered', async () => {
    const quote = await getJson('/api/public/v1/quote?items=cbc,lipid-panel,heart-health-panel');
    const page = await browser.newPage();
    await page.goto(`${baseUrl()}/cart/handoff?items=cbc,lipid-panel,heart-health-panel&utm_source=e2e`);
    expect(new URL(page.url()).pathname).toBe('/cart');
    await expect(page.locator('h1').textContent()).resolves.toBe('Your cart');
    const total = await page.locator('tfoot td').last().textContent();
    expect(total).toBe(`$${(quote.body.totalCents / 100).toFixed(2)}`);
    await expect(page.getByText('fee (once per order)').count()).resolves.toBe(1);
    await page.selectOption('#state', 'NJ');
    await Promise.all([page.waitForURL(/state=NJ/), page.click('button[type=submit]')]);
    await expect(page.getByText('Orders cannot be placed from NJ').count()).resolves.toBeGreaterThan(0);
    mkdirSync('test-artifacts', { recursive: true });
    await page.screenshot({ path: 'test-artifacts/cart.png', fullPage: true });
    expect(existsSync('test-artifacts/cart.png')).toBe(true);
  });
});

describe.skipIf(!available)('a developer reading the API reference', () => {
  it('sees the order creation body, the Order schema and the webhooks, rendered from our origin under a strict CSP', async () => {
    const res = await fetch(`${baseUrl()}/docs`);
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(/script-src 'self'(;|$)/);
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    // Every script on the page is a file from our origin: nothing inline.
    expect((await res.text()).match(/<script(?![^>]*\ssrc="\/)[^>]*>/g)).toBeNull();

    const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
    const problems: string[] = [];
    page.on('console', (m) => {
      if (/Content Security Policy|Refused to/.test(m.text())) problems.push(m.text());
    });
    page.on('pageerror', (e) => problems.push(e.message));
    page.on('request', (r) => {
      if (!r.url().startsWith(baseUrl()) && !r.url().startsWith('data:')) problems.push(`elsewhere: ${r.url()}`);
    });
    await page.goto(`${baseUrl()}/docs`);
    const sidebar = page.locator('.t-doc__sidebar');
    await sidebar.getByText('Orders', { exact: true }).first().click();
    await sidebar.getByText('Place an order').first().click();
    const create = page.locator('section', { hasText: 'Idempotency-Key' }).first();
    await create.getByText('preferredLocationId').first().waitFor();
    const text = await create.innerText();
    // The request: header and body fields.
    for (const field of ['Idempotency-Key', 'patient', 'PatientInput', 'items', 'externalId', 'guardian', 'metadata'])
      expect(text).toContain(field);
    // Every answer, the 201 and each error status.
    for (const status of ['201', '400', '402', '409', '429', '500', '502']) expect(text).toContain(status);
    // The Order schema, as a named model, field by field.
    await sidebar.getByText('Models', { exact: true }).first().click();
    await sidebar.getByText('Order', { exact: true }).first().click();
    await page.waitForURL(/#partner\/model\/order$/);
    const model = page.locator('section', { hasText: 'cancellableUntil' }).first();
    await model.waitFor();
    const orderText = await model.innerText();
    for (const field of ['cancellableUntil', 'fastingRequired', 'payment', 'requisition', 'subtotalCents', 'refund'])
      expect(orderText).toContain(field);
    // The webhooks, webhook.test included.
    const groups = sidebar.getByText('Webhooks', { exact: true });
    for (let i = 0; i < (await groups.count()); i++) await groups.nth(i).click();
    await sidebar
      .getByText(/Sent when you call POST \/api\/v1\/webhooks\/test/)
      .first()
      .waitFor();
    await expect(sidebar.getByText(/Sent when you cancel an order/).count()).resolves.toBe(1);
    // The error catalogue the public answers' docs links point to.
    await expect(page.locator('#error-unknown_items').count()).resolves.toBe(1);
    mkdirSync('test-artifacts', { recursive: true });
    await page.screenshot({ path: 'test-artifacts/docs.png' });
    expect(problems).toEqual([]);
    await page.close();
  });
});
