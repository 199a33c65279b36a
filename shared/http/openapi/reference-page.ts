// The /docs reference page: Scalar's renderer, served from our own origin, over the OpenAPI
// documents the service serves. No inline script (the page works under a CSP with script-src
// 'self'): the renderer's configuration travels in a data attribute, read by a small script of ours.
import { createHash } from 'node:crypto';
import { ROUTES } from '../../manifest/index.js';
import { ERROR_CATALOGUE } from '../errors.js';

export { REFERENCE_CSP } from '../page-security.js';

/** The renderer's version: part of its URL, so a year of caching is safe (a unit test keeps it in step with the package). */
export const SCALAR_VERSION = '1.46.4';

/** Mounts the renderer on #reference with the JSON configuration in its data-configuration attribute. */
export const REFERENCE_SCRIPT = `(function () {
  var el = document.getElementById('reference');
  if (!el || !window.Scalar) return;
  window.Scalar.createApiReference(el, JSON.parse(el.getAttribute('data-configuration')));
})();
`;
const SCRIPT_VERSION = createHash('sha256').update(REFERENCE_SCRIPT).digest('hex').slice(0, 12);

/** The documents the page shows: each API's description, when the service serves it openly. */
function sources() {
  // Only documents a browser can fetch without credentials: the operator API's is behind its own
  // authentication (IAM in AWS), on another origin.
  const served = new Set(ROUTES.filter((r) => !r.localOnly && r.auth === 'none').map((r) => r.path));
  return [
    { title: 'Partner API', slug: 'partner', url: '/api/v1/openapi.json', default: true },
    { title: 'Public quote API', slug: 'public', url: '/api/public/v1/openapi.json' },
    { title: 'Operator API', slug: 'operator', url: '/admin/v1/openapi.json' },
  ]
    .filter((s) => served.has(s.url))
    .map((s) => ({ ...s, agent: { disabled: true } }));
}

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

export function referenceHtml(): string {
  const config = {
    sources: sources(),
    layout: 'modern',
    theme: 'default',
    // Nothing is fetched from elsewhere: no web fonts, no hosted proxy, no telemetry.
    withDefaultFonts: false,
    telemetry: false,
    agent: { disabled: true },
    hideClientButton: true,
    showDeveloperTools: 'never',
    defaultOpenAllTags: false,
    expandAllResponses: true,
    orderRequiredPropertiesFirst: true,
  };
  const errors = Object.entries(ERROR_CATALOGUE)
    .map(
      ([code, e]) =>
        `<li id="error-${escapeHtml(code)}"><code>${escapeHtml(code)}</code> (${e.status}): ${escapeHtml(e.message)}</li>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>API reference</title>
<meta name="description" content="Public quote API and partner API reference: requests, responses, examples, errors and webhooks.">
<link rel="alternate" type="application/json" href="/api/v1/openapi.json" title="Partner API (OpenAPI 3.1)">
<link rel="alternate" type="application/json" href="/api/public/v1/openapi.json" title="Public quote API (OpenAPI 3.1)">
</head>
<body>
<noscript><p>The interactive reference needs JavaScript. The same content: <a href="/api/v1/openapi.json">partner API (OpenAPI 3.1)</a>, <a href="/api/public/v1/openapi.json">public quote API (OpenAPI 3.1)</a>, or this page with <code>Accept: text/markdown</code>.</p></noscript>
<div id="reference" data-configuration="${escapeHtml(JSON.stringify(config))}"></div>
<section id="errors" aria-labelledby="errors-title">
<h2 id="errors-title">Error codes</h2>
<ul>
${errors}
</ul>
</section>
<script src="/docs/assets/scalar.js?v=${SCALAR_VERSION}"></script>
<script src="/docs/assets/reference.js?v=${SCRIPT_VERSION}"></script>
</body>
</html>
`;
}
