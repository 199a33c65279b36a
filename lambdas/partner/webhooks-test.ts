import { makeHandler } from '../../functions/partner/webhooks-test.js';
import { clock, dispatchDeps, edge, partnerStore } from '../../shared/composition.js';

export const handler = makeHandler({ ...edge, clock, dispatchDeps, partnerStore });
