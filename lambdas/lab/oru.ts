import { makeHandler } from '../../functions/lab/oru.js';
import { auditedEdge, recordResultsDeps } from '../../shared/composition.js';

export const handler = makeHandler({ ...auditedEdge, recordResultsDeps });
