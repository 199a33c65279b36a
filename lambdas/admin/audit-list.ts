import { makeHandler } from '../../functions/admin/audit-list.js';
import { auditLog, cursorSecret, edge } from '../../shared/composition.js';

export const handler = makeHandler({ ...edge, cursorSecret, auditLog });
