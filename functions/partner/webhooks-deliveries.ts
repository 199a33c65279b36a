import { partnerHandler } from '../../shared/http/partner-handler.js';
import { json, query } from '../../shared/http/respond.js';
import { parseOrThrow } from '../../shared/http/schemas/parse.js';
import { deliveriesQuerySchema } from '../../shared/http/schemas/webhooks.js';
import { deliveryView } from '../../shared/http/views.js';
import { validationError } from '../../shared/http/errors.js';
import type { ServiceDeps } from '../../shared/app/service-deps.js';
import type { EdgeDeps } from '../../shared/http/middleware.js';

/** What this handler needs from the composition root (its entry in lambdas/ passes them). */
type Deps = EdgeDeps & Pick<ServiceDeps, 'deliveryStore'>;

/** GET /api/v1/webhooks/deliveries?orderId=&status=&limit=: the partner's own delivery log, newest first. */
export const makeHandler = (deps: Deps) =>
  partnerHandler(deps, async (event, identity) => {
    const q = parseOrThrow(deliveriesQuerySchema, query(event), 'A query parameter is invalid.');
    if (q.partnerId) throw validationError({ partnerId: 'is not a recognised field' }, 'A query parameter is invalid.');
    const data = await deps.deliveryStore().listForPartner(identity.partnerId, {
      limit: q.limit ?? 50,
      ...(q.orderId ? { orderId: q.orderId } : {}),
      ...(q.status ? { status: q.status } : {}),
    });
    return json(200, { data: data.map(deliveryView) });
  });
