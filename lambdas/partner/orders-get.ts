import { makeHandler } from '../../functions/partner/orders-get.js';
import { auditedEdge } from '../../shared/composition.js';

export const handler = makeHandler(auditedEdge);
