import { makeHandler } from '../../functions/pages/cart.js';
import { catalogStore, clock, edge } from '../../shared/composition.js';

export const handler = makeHandler({ ...edge, catalogStore, clock });
