import { makeHandler } from '../../functions/admin/partners-list.js';
import { cursorSecret, edge, partnerStore } from '../../shared/composition.js';

export const handler = makeHandler({ ...edge, cursorSecret, partnerStore });
