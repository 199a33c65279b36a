import { pageHandler, pageOrigin, pageResult } from '../../shared/http/page-handler.js';
import { query, type HttpEvent, type HttpResult } from '../../shared/http/respond.js';
import { adminPage, checkoutPage } from '../../shared/pages/cart-content.js';
import { FAVICON_SVG } from '../../shared/pages/assets.js';
import { parseItems } from '../../shared/pages/basket.js';
import { quoteBasket } from '../../shared/pages/basket-quote.js';

const html = { htmlOnly: true, cache: false } as const;

/** /checkout: ordering is done through partners; the page says how, with this basket's total. */
async function checkout(event: HttpEvent): Promise<HttpResult> {
  const q = query(event);
  const origin = pageOrigin(event);
  const basket = await quoteBasket(origin, parseItems(q.items), q.state);
  return pageResult(event, checkoutPage(basket.quote, origin), html);
}

/**
 * The site's fixed pages, one Lambda: /checkout, /admin (operators work through the IAM-signed
 * operator API; the page says so) and /favicon.ico (an SVG, a text body: no binary media type).
 * /checkout and /admin always answer HTML.
 */
export const handler = pageHandler(async (event) => {
  if (event.resource === '/checkout') return checkout(event);
  if (event.resource === '/admin') return pageResult(event, adminPage(), html);
  return {
    statusCode: 200,
    headers: { 'Content-Type': 'image/svg+xml', 'Cache-Control': 'public, max-age=86400' },
    body: FAVICON_SVG,
  };
});
