import { makeHandler } from '../../functions/pages/docs-assets.js';
import { logger } from '../../shared/composition.js';

export const handler = makeHandler({ logger });
