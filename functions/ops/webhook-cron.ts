import { sweepOverdueRetries } from '../../shared/app/webhook-retries.js';
import type { ServiceDeps } from '../../shared/app/service-deps.js';

/** Every 5 minutes, the backstop: re-sends the retry message of any delivery a lost message left overdue. */
export const makeHandler = (deps: Pick<ServiceDeps, 'retryDeps' | 'logger'>) => async () => {
  const queued = await sweepOverdueRetries(deps.retryDeps());
  deps.logger().info('overdue webhook retries re-sent', { count: queued });
  return { queued };
};
