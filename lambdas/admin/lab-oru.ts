import { makeHandler } from '../../functions/admin/lab-oru.js';
import { auditedEdge, recordResultsDeps } from '../../shared/composition.js';

export const handler = makeHandler({ ...auditedEdge, recordResultsDeps });
