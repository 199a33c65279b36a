import { sweepOverdueRetries } from '../../shared/app/webhook-retries.js';
import { retryDeps } from '../../shared/composition.js';
import { logger } from '../../shared/adapters/logger.js';

/** Every 5 minutes, the backstop: re-sends the retry message of any delivery a lost message left overdue. */
export const handler = async () => {
  const queued = await sweepOverdueRetries(retryDeps());
  logger.info('overdue webhook retries re-sent', { count: queued });
  return { queued };
};
