import { makeHandler } from '../../functions/admin/partners-create.js';
import { auditedEdge, clock, partnerStore, webhookPolicy, usagePlans } from '../../shared/composition.js';

export const handler = makeHandler({ ...auditedEdge, clock, partnerStore, webhookPolicy, usagePlans });
