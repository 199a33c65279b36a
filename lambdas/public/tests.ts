import { makeHandler } from '../../functions/public/tests.js';
import { catalogStore, publicEdge } from '../../shared/composition.js';

export const handler = makeHandler({ ...publicEdge, catalogStore });
