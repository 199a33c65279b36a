import { settlePayments } from '../../shared/app/settle-payments.js';
import { settleDeps } from '../../shared/composition.js';
import { logger } from '../../shared/adapters/logger.js';

/**
 * The settlement sweep, every 15 minutes: each Idempotency-Key that moved money and has not ended
 * in an order is checked against Stripe, and refunded once its 24 hours are over.
 */
export const handler = async () => {
  const settled = await settlePayments(settleDeps());
  logger.info('settlement sweep', { settled });
  return { settled };
};
