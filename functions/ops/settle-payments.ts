import { settlePayments } from '../../shared/app/settle-payments.js';
import type { ServiceDeps } from '../../shared/app/service-deps.js';

/**
 * The settlement sweep, every 15 minutes: each Idempotency-Key that moved money and has not ended
 * in an order is checked against Stripe, and refunded once its 24 hours are over.
 */
export const makeHandler = (deps: Pick<ServiceDeps, 'settleDeps'>) => async () => {
  // What it settled is the invocation's result (in its log); refunds and failures alert on their own.
  return { settled: await settlePayments(deps.settleDeps()) };
};
