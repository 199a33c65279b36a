import { partnerHandler } from '../../shared/http/partner-handler.js';
import { json, query } from '../../shared/http/respond.js';
import { validationError } from '../../shared/http/errors.js';
import { listOrdersQuerySchema, parseOrThrow } from '../../shared/http/schemas/partner.js';
import { PUBLIC_STATUS, toPublicOrder } from '../../shared/domain/order.js';
import { decodeCursor, encodeCursor } from '../../shared/domain/cursor.js';
import { SERVICE_CONFIG } from '../../shared/config/service-config.js';
import { cursorSecret, orderStore } from '../../shared/composition.js';

/**
 * GET /api/v1/orders, newest first. The status filter applies to the fetched page, so a page
 * may be empty with a non-null nextCursor; only nextCursor null ends the list.
 */
export const handler = partnerHandler({ action: 'order.list' }, async (event, identity, _context, audit) => {
  const q = parseOrThrow(listOrdersQuerySchema, query(event), 'A query parameter is invalid.');
  const secret = await cursorSecret();
  const scope = { partnerId: identity.partnerId, externalId: q.externalId ?? null };
  const startKey = q.cursor ? decodeCursor(secret, scope, q.cursor) : null;
  if (q.cursor && startKey === null) {
    throw validationError(
      { cursor: 'is not a cursor this API issued to you for this externalId filter' },
      'A query parameter is invalid.',
    );
  }
  const page = await orderStore().list(identity.partnerId, {
    limit: q.limit ?? 50,
    startKey,
    ...(q.externalId ? { externalId: q.externalId } : {}),
  });
  const data = page.orders
    .filter((o) => !q.status || PUBLIC_STATUS[o.state] === q.status)
    .map((o) => toPublicOrder(o, SERVICE_CONFIG.cancelWindowMinutes));
  audit.about(...data.map((o) => ({ orderId: o.id })));
  return json(200, { data, nextCursor: page.nextKey ? encodeCursor(secret, scope, page.nextKey) : null });
});
