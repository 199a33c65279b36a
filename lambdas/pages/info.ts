import { makeHandler } from '../../functions/pages/info.js';
import { catalogStore, clock, edge } from '../../shared/composition.js';

export const handler = makeHandler({ ...edge, catalogStore, clock });
