import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REFERENCE_CSP, SCALAR_VERSION, referenceHtml } from '../../shared/http/openapi/reference-page.js';
import { ROUTES, SCALAR_STANDALONE } from '../../shared/manifest/index.js';
import { ERROR_CATALOGUE } from '../../shared/http/errors.js';

const root = join(import.meta.dirname, '..', '..');

describe('the /docs reference page', () => {
  it('names the installed renderer version in its URL, so the year-long cache is safe', () => {
    const installed = JSON.parse(readFileSync(join(root, 'node_modules/@scalar/api-reference/package.json'), 'utf8'));
    expect(SCALAR_VERSION).toBe(installed.version);
    expect(referenceHtml()).toContain(`/docs/assets/scalar.js?v=${SCALAR_VERSION}`);
  });

  it('has no inline script, and its CSP allows scripts from our origin only', () => {
    const html = referenceHtml();
    const scripts = [...html.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts).toHaveLength(2);
    for (const [, attrs, body] of scripts) {
      expect(attrs).toMatch(/ src="\/docs\/assets\//);
      expect(body).toBe('');
    }
    expect(REFERENCE_CSP).toContain("script-src 'self';");
    expect(REFERENCE_CSP).toContain("connect-src 'self'");
  });

  it('keeps an anchor for every error code, the target of the public errors’ docs links', () => {
    const html = referenceHtml();
    for (const code of Object.keys(ERROR_CATALOGUE)) expect(html).toContain(`id="error-${code}"`);
  });

  it('serves the renderer from a function whose bundle carries the file', () => {
    const assets = ROUTES.filter((r) => r.path.startsWith('/docs/assets/'));
    expect(assets.map((r) => r.path).sort()).toEqual(['/docs/assets/reference.js', '/docs/assets/scalar.js']);
    for (const r of assets) expect(r.bundleFiles).toEqual([SCALAR_STANDALONE]);
    expect(new Set(assets.map((r) => r.entry)).size).toBe(1);
    expect(readFileSync(join(root, SCALAR_STANDALONE), 'utf8').length).toBeGreaterThan(1_000_000);
  });
});
