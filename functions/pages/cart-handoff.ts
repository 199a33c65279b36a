import { pageHandler, redirect } from '../../shared/http/page-handler.js';
import { query } from '../../shared/http/respond.js';

/** A link that opens a prefilled cart, keeping utm_source and utm_medium for attribution. */
export const handler = pageHandler(async (event) => {
  const q = query(event);
  const params = new URLSearchParams();
  if (q.items) params.set('items', q.items);
  for (const k of ['state', 'utm_source', 'utm_medium'] as const) if (q[k]) params.set(k, q[k] as string);
  const qs = params.toString().replace(/%2C/gi, ',');
  return redirect(`/cart${qs ? `?${qs}` : ''}`, { public: true });
});
