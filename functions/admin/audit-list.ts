import { operatorHandler } from '../../shared/http/partner-handler.js';
import { json, query } from '../../shared/http/respond.js';
import { validationError } from '../../shared/http/errors.js';
import { parseOrThrow } from '../../shared/http/schemas/parse.js';
import { auditQuerySchema } from '../../shared/http/schemas/operator.js';
import { DEFAULT_PAGE_SIZE, operatorPaging } from '../../shared/http/paging.js';
import type { ServiceDeps } from '../../shared/app/service-deps.js';
import type { EdgeDeps } from '../../shared/http/middleware.js';

/** What this handler needs from the composition root (its entry in lambdas/ passes them). */
type Deps = EdgeDeps & Pick<ServiceDeps, 'cursorSecret' | 'auditLog'>;

/** GET /admin/v1/audit?orderId=|partnerId=: the audit trail of one order or one partner, newest first. */
export const makeHandler = (deps: Deps) =>
  operatorHandler(deps, async (event) => {
    const q = parseOrThrow(auditQuerySchema, query(event), 'A query parameter is invalid.');
    if ((q.orderId === undefined) === (q.partnerId === undefined))
      throw validationError({ orderId: 'give exactly one of orderId and partnerId' }, 'A query parameter is invalid.');
    const target = q.orderId !== undefined ? { orderId: q.orderId } : { partnerId: q.partnerId as string };
    const paging = operatorPaging(await deps.cursorSecret(), 'audit', JSON.stringify(target), q.cursor);
    const page = await deps.auditLog().list(target, { limit: q.limit ?? DEFAULT_PAGE_SIZE, startKey: paging.startKey });
    return json(200, { data: page.records, nextCursor: paging.next(page.nextKey) });
  });
