import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { baseUrl } from '../support/http.js';
import { newPartner, placeOrder } from '../support/partner.js';
import { available, launchBrowser } from '../support/browser.js';

// Accessibility of the public pages and the dashboard, and the API reference page, in a real
// browser (the basket and dashboard journeys are browser.test.ts).
let browser: Browser;
beforeAll(async () => {
  if (available) browser = await launchBrowser();
});
afterAll(async () => browser?.close());

describe.skipIf(!available)('accessibility (axe-core)', () => {
  const AXE = 'node_modules/axe-core/axe.min.js';
  type Violation = { id: string; impact: string | null; help: string; nodes: Array<{ target: string[] }> };

  async function seriousViolations(page: Page): Promise<string[]> {
    await page.addScriptTag({ path: AXE });
    const result = (await page.evaluate('axe.run(document)')) as { violations: Violation[]; passes: unknown[] };
    expect(result.passes.length).toBeGreaterThan(10); // axe really ran its rules on this page
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  }

  it('the public pages and the dashboard have no serious or critical violations', async () => {
    const p = await newPartner();
    const order = (await placeOrder(p, ['cbc'])).body;
    // axe is injected as an inline script, which the pages' own CSP rightly forbids.
    const context = await browser.newContext({ bypassCSP: true });
    const page = await context.newPage();
    const found: Record<string, string[]> = {};
    const check = async (path: string) => {
      await page.goto(`${baseUrl()}${path}`);
      const v = await seriousViolations(page);
      if (v.length) found[path] = v;
    };
    for (const path of [
      '/',
      '/tests',
      '/tests/cbc',
      '/panels/heart-health-panel',
      '/cart?items=cbc,lipid-panel&state=CA',
      '/cart?items=cbc&state=NY',
      '/checkout?items=cbc&state=CA',
      '/admin',
      '/login',
    ])
      await check(path);
    await page.goto(`${baseUrl()}/login`);
    await page.getByLabel('API key').fill(p.key);
    await Promise.all([page.waitForURL(/\/dashboard$/), page.getByRole('button', { name: 'Sign in' }).click()]);
    for (const path of ['/dashboard', `/dashboard/orders/${order.id}`, '/dashboard/webhooks', '/dashboard/keys'])
      await check(path);
    expect(found).toEqual({});
    await context.close();
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
