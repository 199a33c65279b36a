import { operatorHandler } from '../../shared/http/partner-handler.js';
import { json, query } from '../../shared/http/respond.js';
import { validationError } from '../../shared/http/errors.js';
import { parseOrThrow } from '../../shared/http/schemas/parse.js';
import { operatorDeliveriesQuerySchema } from '../../shared/http/schemas/operator.js';
import { DEFAULT_PAGE_SIZE, operatorPaging } from '../../shared/http/paging.js';
import { deliveryView } from '../../shared/http/views.js';
import type { ServiceDeps } from '../../shared/app/service-deps.js';
import type { EdgeDeps } from '../../shared/http/middleware.js';

/** What this handler needs from the composition root (its entry in lambdas/ passes them). */
type Deps = EdgeDeps & Pick<ServiceDeps, 'cursorSecret' | 'deliveryStore' | 'orderStore'>;

/**
 * GET /admin/v1/deliveries?orderId=|partnerId=&status=: deliveries with every attempt and the
 * next one. `?status=failed` alone lists the failed deliveries of every partner, paged.
 */
export const makeHandler = (deps: Deps) =>
  operatorHandler(deps, async (event) => {
    const q = parseOrThrow(operatorDeliveriesQuerySchema, query(event), 'A query parameter is invalid.');
    if (!q.orderId && !q.partnerId && q.status === 'failed') {
      const paging = operatorPaging(await deps.cursorSecret(), 'failed-deliveries', '', q.cursor);
      const page = await deps
        .deliveryStore()
        .listFailed({ limit: q.limit ?? DEFAULT_PAGE_SIZE, startKey: paging.startKey });
      const data = page.records.map((d) => ({ ...deliveryView(d), partnerId: d.event.partnerId }));
      return json(200, { data, nextCursor: paging.next(page.nextKey) });
    }
    if (q.cursor) throw validationError({ cursor: 'pages only the list of failed deliveries across partners' });
    const partnerId = q.partnerId ?? (q.orderId ? (await deps.orderStore().findById(q.orderId))?.partnerId : undefined);
    if (!partnerId) {
      if (q.orderId) return json(200, { data: [], nextCursor: null });
      throw validationError(
        { orderId: 'orderId or partnerId is required (or status=failed alone, for every partner)' },
        'A query parameter is invalid.',
      );
    }
    const data = await deps.deliveryStore().listForPartner(partnerId, {
      limit: q.limit ?? 100,
      ...(q.orderId ? { orderId: q.orderId } : {}),
      ...(q.status ? { status: q.status } : {}),
    });
    return json(200, { data: data.map(deliveryView), nextCursor: null });
  });
