import { makeHandler } from '../../functions/partner/orders-create.js';
import { auditedEdge, createOrderDeps, metrics } from '../../shared/composition.js';

export const handler = makeHandler({ ...auditedEdge, createOrderDeps, metrics });
