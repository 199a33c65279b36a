import { makeHandler } from '../../functions/pages/home.js';
import { catalogStore, edge } from '../../shared/composition.js';

export const handler = makeHandler({ ...edge, catalogStore });
