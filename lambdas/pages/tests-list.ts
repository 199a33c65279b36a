import { makeHandler } from '../../functions/pages/tests-list.js';
import { catalogStore, edge } from '../../shared/composition.js';

export const handler = makeHandler({ ...edge, catalogStore });
