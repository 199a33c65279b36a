import { pageHandler, redirect } from '../../shared/http/page-handler.js';
import { query } from '../../shared/http/respond.js';

/**
 * /dashboard, /checkout and /admin: protected pages. Nobody is signed in without a session, so
 * they send the person to /login (always HTML, whatever the Accept header), keeping where they
 * were going, query included (the cart's basket rides on /checkout?items=...).
 */
export const handler = pageHandler(async (event) => {
  const qs = new URLSearchParams(
    Object.entries(query(event)).filter((e): e is [string, string] => e[1] !== undefined),
  ).toString();
  return redirect(`/login?next=${encodeURIComponent(qs ? `${event.path}?${qs}` : event.path)}`);
});
