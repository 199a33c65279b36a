import { makeHandler } from '../../functions/ops/simulated-results.js';
import { runtimeEnv, sandboxDeps } from '../../shared/composition.js';

export const handler = makeHandler({ runtimeEnv, sandboxDeps });
