import { makeHandler } from '../../functions/public/catalog-compact.js';
import { catalogStore, publicEdge } from '../../shared/composition.js';

export const handler = makeHandler({ ...publicEdge, catalogStore });
