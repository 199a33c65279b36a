import { makeHandler } from '../../functions/public/openapi.js';
import { publicEdge } from '../../shared/composition.js';

export const handler = makeHandler(publicEdge);
