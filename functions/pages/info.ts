import { pageHandler, pageResult } from '../../shared/http/page-handler.js';
import { query, type HttpEvent, type HttpResult } from '../../shared/http/respond.js';
import { adminPage, checkoutPage } from '../../shared/pages/cart-content.js';
import { FAVICON_SVG } from '../../shared/pages/assets.js';
import { parseItems } from '../../shared/pages/basket.js';
import { quoteBasket, type BasketDeps } from '../../shared/pages/basket-quote.js';
import { serviceOrigin, type EdgeDeps } from '../../shared/http/middleware.js';

/** What this handler needs from the composition root (its entry in lambdas/ passes them). */
type Deps = EdgeDeps & BasketDeps;

const html = { htmlOnly: true, cache: false } as const;

/** /checkout: ordering is done through partners; the page says how, with this basket's total. */
async function checkout(deps: Deps, event: HttpEvent): Promise<HttpResult> {
  const q = query(event);
  const origin = serviceOrigin(deps, event);
  const basket = await quoteBasket(deps, origin, parseItems(q.items), q.state);
  return pageResult(event, checkoutPage(basket.quote, origin), html);
}

/**
 * The site's fixed pages, one Lambda: /checkout, /admin (operators work through the IAM-signed
 * operator API; the page says so) and /favicon.ico (an SVG, a text body: no binary media type).
 * /checkout and /admin always answer HTML.
 */
export const makeHandler = (deps: Deps) =>
  pageHandler(deps, async (event) => {
    if (event.resource === '/checkout') return checkout(deps, event);
    if (event.resource === '/admin') return pageResult(event, adminPage(), html);
    return {
      statusCode: 200,
      headers: { 'Content-Type': 'image/svg+xml', 'Cache-Control': 'public, max-age=86400' },
      body: FAVICON_SVG,
    };
  });
