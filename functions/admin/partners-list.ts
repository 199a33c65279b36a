import { operatorHandler } from '../../shared/http/partner-handler.js';
import { json, query } from '../../shared/http/respond.js';
import { parseOrThrow } from '../../shared/http/schemas/parse.js';
import { partnersQuerySchema } from '../../shared/http/schemas/operator.js';
import { DEFAULT_PAGE_SIZE, operatorPaging } from '../../shared/http/paging.js';
import { partnerView } from '../../shared/http/views.js';
import type { ServiceDeps } from '../../shared/app/service-deps.js';
import type { EdgeDeps } from '../../shared/http/middleware.js';

/** What this handler needs from the composition root (its entry in lambdas/ passes them). */
type Deps = EdgeDeps & Pick<ServiceDeps, 'cursorSecret' | 'partnerStore'>;

/**
 * GET /admin/v1/partners?status=: every partner, newest first. The status filter applies to the
 * fetched page, so a page may be short or empty with a non-null nextCursor; only null ends the list.
 */
export const makeHandler = (deps: Deps) =>
  operatorHandler(deps, async (event) => {
    const q = parseOrThrow(partnersQuerySchema, query(event), 'A query parameter is invalid.');
    const paging = operatorPaging(await deps.cursorSecret(), 'partners', q.status ?? '', q.cursor);
    const page = await deps.partnerStore().list({ limit: q.limit ?? DEFAULT_PAGE_SIZE, startKey: paging.startKey });
    const data = page.partners.filter((p) => !q.status || p.status === q.status).map(partnerView);
    return json(200, { data, nextCursor: paging.next(page.nextKey) });
  });
