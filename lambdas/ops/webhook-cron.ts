import { makeHandler } from '../../functions/ops/webhook-cron.js';
import { logger, retryDeps } from '../../shared/composition.js';

export const handler = makeHandler({ logger, retryDeps });
