import { makeHandler } from '../../functions/admin/webhook-secret.js';
import { auditedEdge, webhookSecretDeps } from '../../shared/composition.js';

export const handler = makeHandler({ ...auditedEdge, webhookSecretDeps });
