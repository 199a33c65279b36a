import { makeHandler } from '../../functions/public/quote.js';
import { catalogStore, publicEdge } from '../../shared/composition.js';

export const handler = makeHandler({ ...publicEdge, catalogStore });
