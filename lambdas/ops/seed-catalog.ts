import { makeHandler } from '../../functions/ops/seed-catalog.js';
import { catalogStore, logger, seedCatalog } from '../../shared/composition.js';

export const handler = makeHandler({ catalogStore, logger, seedCatalog });
