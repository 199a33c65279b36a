import { makeHandler } from '../../functions/pages/cart-handoff.js';
import { logger } from '../../shared/composition.js';

export const handler = makeHandler({ logger });
