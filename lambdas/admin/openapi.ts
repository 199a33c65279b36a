import { makeHandler } from '../../functions/admin/openapi.js';
import { edge } from '../../shared/composition.js';

export const handler = makeHandler(edge);
