import { partnerHandler, type AuditedEdgeDeps } from '../../shared/http/partner-handler.js';
import { json, query } from '../../shared/http/respond.js';
import { validationError } from '../../shared/http/errors.js';
import { listOrdersQuerySchema, parseOrThrow } from '../../shared/http/schemas/partner.js';
import { listOrders } from '../../shared/app/partner-orders.js';
import type { ServiceDeps } from '../../shared/app/service-deps.js';

/** What this handler needs from the composition root (its entry in lambdas/ passes them). */
type Deps = AuditedEdgeDeps & Pick<ServiceDeps, 'cursorSecret' | 'orderStore'>;

/**
 * GET /api/v1/orders, newest first. The status filter applies to the fetched page, so a page
 * may be empty with a non-null nextCursor; only nextCursor null ends the list.
 */
export const makeHandler = (deps: Deps) =>
  partnerHandler(deps, { action: 'order.list' }, async (event, identity, _context, audit) => {
    const q = parseOrThrow(listOrdersQuerySchema, query(event), 'A query parameter is invalid.');
    const page = await listOrders(
      { orders: deps.orderStore(), cursorSecret: await deps.cursorSecret() },
      identity.partnerId,
      q,
    );
    if (!page.ok) {
      throw validationError(
        { cursor: 'is not a cursor this API issued to you for this externalId filter' },
        'A query parameter is invalid.',
      );
    }
    audit.about(...page.data.map((o) => ({ orderId: o.id })));
    return json(200, { data: page.data, nextCursor: page.nextCursor });
  });
