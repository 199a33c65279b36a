import { makeHandler } from '../../functions/partner/openapi.js';
import { edge } from '../../shared/composition.js';

export const handler = makeHandler(edge);
