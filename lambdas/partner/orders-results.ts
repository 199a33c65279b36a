import { makeHandler } from '../../functions/partner/orders-results.js';
import { auditedEdge, clock, documentStore, resultsStore } from '../../shared/composition.js';

export const handler = makeHandler({ ...auditedEdge, clock, documentStore, resultsStore });
