import { pageHandler, pageResult, redirect } from '../../shared/http/page-handler.js';
import { header, query, type HttpEvent, type HttpResult } from '../../shared/http/respond.js';
import { overHttps } from '../../shared/http/page-security.js';
import { cartPage } from '../../shared/pages/cart-content.js';
import { publicNav } from '../../shared/pages/document.js';
import {
  addToBasket,
  attribution,
  basketCookie,
  basketFromCookie,
  cartPath,
  parseItems,
  removeFromBasket,
} from '../../shared/pages/basket.js';
import { SERVICE_CONFIG } from '../../shared/config/service-config.js';
import { inCatalogue, quoteBasket, type BasketDeps } from '../../shared/pages/basket-quote.js';
import { serviceOrigin, type EdgeDeps } from '../../shared/http/middleware.js';

/** What this handler needs from the composition root (its entry in lambdas/ passes them). */
type Deps = EdgeDeps & BasketDeps;

type Extra = Array<[string, string]>;
const withState = (state: string | null | undefined, rest: Extra): Extra => [
  ...(state ? [['state', state] as [string, string]] : []),
  ...rest,
];

/**
 * GET /cart: the basket lives in the cart cookie and the URL mirrors it (/cart?items=a,b). A URL
 * with items wins and becomes the basket; /cart alone shows the cookie's basket at its own address.
 */
async function show(deps: Deps, event: HttpEvent): Promise<HttpResult> {
  const q = query(event);
  const extra = withState(q.state, attribution(q));
  if (q.items === undefined) {
    const saved = basketFromCookie(header(event, 'cookie'));
    if (saved.length) return redirect(cartPath(saved, extra));
  }
  const basket = await quoteBasket(deps, serviceOrigin(deps, event), parseItems(q.items), q.state);
  if (q.full)
    basket.problems.push(`A cart holds at most ${SERVICE_CONFIG.maxQuoteItems} items; remove one to add another.`);
  return pageResult(event, cartPage(basket), {
    cache: false,
    nav: publicNav(basket.ids),
    headers: q.items === undefined ? {} : { 'Set-Cookie': basketCookie(basket.ids, overHttps(event)) },
  });
}

/**
 * POST /cart (a plain form, no script needed): op=add adds an item to the basket (a union, up to
 * the limit), op=remove takes one out. The basket is the form's `items` when the cart page sent
 * it, else the cookie's. Answers 303 to the cart's address, which mirrors the new basket.
 */
async function change(deps: Deps, event: HttpEvent): Promise<HttpResult> {
  const form = new URLSearchParams(event.body ?? '');
  const current = form.has('items') ? parseItems(form.get('items')) : basketFromCookie(header(event, 'cookie'));
  const item = (form.get('item') ?? '').trim().toLowerCase();
  const extra = withState(form.get('state')?.trim(), attribution(query(event)));
  let ids = current;
  if (form.get('op') === 'add' && (await inCatalogue(deps, item))) {
    const added = addToBasket(current, [item]);
    ids = added.ids;
    if (!added.ok) extra.push(['full', '1']);
  } else if (form.get('op') === 'remove') {
    ids = removeFromBasket(current, item);
  }
  return redirect(cartPath(ids, extra), {
    status: 303,
    headers: { 'Set-Cookie': basketCookie(ids, overHttps(event)) },
  });
}

export const makeHandler = (deps: Deps) =>
  pageHandler(deps, async (event) => (event.httpMethod === 'POST' ? change(deps, event) : show(deps, event)));
