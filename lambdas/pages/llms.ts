import { makeHandler } from '../../functions/pages/llms.js';
import { edge } from '../../shared/composition.js';

export const handler = makeHandler(edge);
