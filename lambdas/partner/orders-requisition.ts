import { makeHandler } from '../../functions/partner/orders-requisition.js';
import { auditedEdge, clock, documentStore } from '../../shared/composition.js';

export const handler = makeHandler({ ...auditedEdge, clock, documentStore });
