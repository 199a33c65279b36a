import { makeHandler } from '../../functions/ops/settle-payments.js';
import { settleDeps } from '../../shared/composition.js';

export const handler = makeHandler({ settleDeps });
