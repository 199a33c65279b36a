import { pageHandler, redirect } from '../../shared/http/page-handler.js';
import { query } from '../../shared/http/respond.js';
import { overHttps } from '../../shared/http/page-security.js';
import { attribution, basketCookie, cartPath, parseItems } from '../../shared/pages/basket.js';
import type { ServiceDeps } from '../../shared/app/service-deps.js';

/** What this handler needs from the composition root (its entry in lambdas/ passes them). */
type Deps = Pick<ServiceDeps, 'logger'>;

/**
 * A link that opens a prefilled cart: it replaces the basket (the person was handed this basket),
 * keeping the state and the attribution parameters. It sets a cookie, so it is never cached.
 */
export const makeHandler = (deps: Deps) =>
  pageHandler(deps, async (event) => {
    const q = query(event);
    const ids = parseItems(q.items);
    const extra: Array<[string, string]> = [
      ...(q.state ? [['state', q.state] as [string, string]] : []),
      ...attribution(q),
    ];
    return redirect(cartPath(ids, extra), { headers: { 'Set-Cookie': basketCookie(ids, overHttps(event)) } });
  });
