import { makeHandler } from '../../functions/ops/placement.js';
import { logger, metrics, recoveryDeps } from '../../shared/composition.js';

export const handler = makeHandler({ recoveryDeps, logger, metrics });
