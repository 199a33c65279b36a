import { makeHandler } from '../../functions/admin/partners-get.js';
import { auditedEdge, partnerStore } from '../../shared/composition.js';

export const handler = makeHandler({ ...auditedEdge, partnerStore });
