import { makeHandler } from '../../functions/admin/partners-update.js';
import { auditedEdge, clock, partnerStore, webhookPolicy } from '../../shared/composition.js';

export const handler = makeHandler({ ...auditedEdge, clock, partnerStore, webhookPolicy });
