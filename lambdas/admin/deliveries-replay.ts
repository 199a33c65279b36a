import { makeHandler } from '../../functions/admin/deliveries-replay.js';
import { auditedEdge, deliveryStore, dispatchDeps } from '../../shared/composition.js';

export const handler = makeHandler({ ...auditedEdge, deliveryStore, dispatchDeps });
