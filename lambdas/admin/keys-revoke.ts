import { makeHandler } from '../../functions/admin/keys-revoke.js';
import { auditedEdge, clock, partnerStore } from '../../shared/composition.js';

export const handler = makeHandler({ ...auditedEdge, clock, partnerStore });
