import { makeHandler } from '../../functions/partner/orders-cancel.js';
import { auditedEdge, cancelOrderDeps } from '../../shared/composition.js';

export const handler = makeHandler({ ...auditedEdge, cancelOrderDeps });
