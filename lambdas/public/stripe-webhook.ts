import { makeHandler } from '../../functions/public/stripe-webhook.js';
import { clock, edge, stripeEventDeps, stripeEventVerifier } from '../../shared/composition.js';

export const handler = makeHandler({ ...edge, clock, stripeEventDeps, stripeEventVerifier });
