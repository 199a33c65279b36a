import { makeHandler } from '../../functions/partner/webhooks-replay.js';
import { deliveryStore, dispatchDeps, edge } from '../../shared/composition.js';

export const handler = makeHandler({ ...edge, deliveryStore, dispatchDeps });
