import type { Route } from './types.js';
import { dashboard, DASHBOARD_READ, ORDERS_WRITE, page, WAITS_ON_OTHERS } from './route-builders.js';

// The route table's pages (http-routes.ts splices them into ROUTES in place, so the order stays the
// table's order): the public site, the API reference, and the partner dashboard.

/** The API reference renderer's browser build (several MB): served by its own function, cached for a year. */
export const SCALAR_STANDALONE = 'node_modules/@scalar/api-reference/dist/browser/standalone.js';

export const PAGE_ROUTES: readonly Route[] = [
  page('GET', '/', 'home', 'PageHome', { catalog: 'read' }),
  page('GET', '/tests', 'tests-list', 'PageTests', { catalog: 'read' }),
  page('GET', '/tests/{id}', 'item', 'PageTest', { catalog: 'read' }),
  page('GET', '/panels/{id}', 'item', 'PagePanel', { catalog: 'read' }),
  page('GET', '/cart', 'cart', 'PageCart', { catalog: 'read' }),
  page('POST', '/cart', 'cart', 'PageCartChange', { catalog: 'read' }),
  page('GET', '/cart/handoff', 'cart-handoff', 'PageCartHandoff', {}),
  page('GET', '/llms.txt', 'llms', 'PageLlms', {}),
  page('GET', '/docs', 'docs', 'PageDocs', {}),
  { ...page('GET', '/docs/assets/scalar.js', 'docs-assets', 'PageDocsScalar', {}), bundleFiles: [SCALAR_STANDALONE] },
  {
    ...page('GET', '/docs/assets/reference.js', 'docs-assets', 'PageDocsScript', {}),
    bundleFiles: [SCALAR_STANDALONE],
  },
  // Routes sharing a handler module share one Lambda, so they declare the same access.
  { ...page('GET', '/login', 'login', 'DashboardLogin', { partners: 'read' }), secrets: ['cursor'] },
  { ...page('POST', '/login', 'login', 'DashboardLoginSubmit', { partners: 'read' }), secrets: ['cursor'] },
  // One route per dashboard page; the pages (reads) share one Lambda and their form posts
  // (writes, posted to the page they act on) another, which keeps the stack's resource count low.
  dashboard('GET', '/dashboard', 'pages', 'DashboardPages', DASHBOARD_READ, { documents: 'read' }),
  dashboard('GET', '/dashboard/orders/{id}', 'pages', 'DashboardOrder', DASHBOARD_READ, { documents: 'read' }),
  dashboard('GET', '/dashboard/webhooks', 'pages', 'DashboardWebhooks', DASHBOARD_READ, { documents: 'read' }),
  dashboard('GET', '/dashboard/keys', 'pages', 'DashboardKeys', DASHBOARD_READ, { documents: 'read' }),
  ...['/dashboard', '/dashboard/orders/{id}', '/dashboard/webhooks'].map((path, i) =>
    dashboard(
      'POST',
      path,
      'actions',
      i === 0 ? 'DashboardActions' : `DashboardActions${i}`,
      { ...ORDERS_WRITE, partners: 'readWrite' },
      {
        documents: 'readWrite',
        // The sandbox's rehearsals issue requisitions, whose simulated results come by schedule.
        schedules: ['simulatedResults'],
        timeoutSeconds: WAITS_ON_OTHERS,
      },
    ),
  ),
  // The fixed pages share one Lambda (routes sharing a module share one).
  page('GET', '/checkout', 'info', 'PageCheckout', { catalog: 'read' }),
  page('GET', '/admin', 'info', 'PageAdmin', { catalog: 'read' }),
  page('GET', '/favicon.ico', 'info', 'PageFavicon', { catalog: 'read' }),
];
