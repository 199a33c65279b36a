import { makeHandler } from '../../functions/admin/orders-results-upload.js';
import { auditedEdge, catalogStore, recordResultsDeps } from '../../shared/composition.js';

export const handler = makeHandler({ ...auditedEdge, catalogStore, recordResultsDeps });
