import { makeHandler } from '../../functions/partner/catalog.js';
import { catalogStore, edge, partnerStore } from '../../shared/composition.js';

export const handler = makeHandler({ ...edge, catalogStore, partnerStore });
