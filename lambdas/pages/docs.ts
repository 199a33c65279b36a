import { makeHandler } from '../../functions/pages/docs.js';
import { edge } from '../../shared/composition.js';

export const handler = makeHandler(edge);
