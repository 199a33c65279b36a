import { makeHandler } from '../../functions/partner/orders-list.js';
import { auditedEdge, cursorSecret } from '../../shared/composition.js';

export const handler = makeHandler({ ...auditedEdge, cursorSecret });
