import { pageHandler, redirect } from '../../shared/http/page-handler.js';

/**
 * /dashboard, /checkout and /admin: protected pages. Nobody is signed in without a session, so
 * they send the person to /login (always HTML, whatever the Accept header).
 */
export const handler = pageHandler(async (event) => redirect(`/login?next=${encodeURIComponent(event.path)}`));
