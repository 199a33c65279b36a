import { makeHandler } from '../../functions/partner/sandbox-advance.js';
import { edge, sandboxDeps } from '../../shared/composition.js';

export const handler = makeHandler({ ...edge, sandboxDeps });
