import { makeHandler } from '../../functions/ops/webhook-worker.js';
import { retryDeps } from '../../shared/composition.js';

export const handler = makeHandler({ retryDeps });
