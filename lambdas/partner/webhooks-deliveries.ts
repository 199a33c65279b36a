import { makeHandler } from '../../functions/partner/webhooks-deliveries.js';
import { deliveryStore, edge } from '../../shared/composition.js';

export const handler = makeHandler({ ...edge, deliveryStore });
