import { reportSimulatedResults } from '../../shared/app/simulated-results.js';
import type { ServiceDeps } from '../../shared/app/service-deps.js';

/** What this handler needs from the composition root (its entry in lambdas/ passes them). */
type Deps = Pick<ServiceDeps, 'runtimeEnv' | 'sandboxDeps'>;

/**
 * AWS sandbox only: invoked by the requisition's one-time schedule with `{orderId, partnerId}`, 48
 * hours after it was issued (`{orderId}` alone from a schedule made before they named the
 * partner). Results the ingestion refuses fail the invocation: Lambda retries it, then its
 * dead-letter queue (alarmed) holds the event.
 */
export const makeHandler = (deps: Deps) => async (event: { orderId: string; partnerId?: string }) => {
  const outcome = await reportSimulatedResults(
    { ...deps.sandboxDeps(), environment: deps.runtimeEnv().SERVICE_ENVIRONMENT },
    event.orderId,
    event.partnerId,
  );
  if (outcome === 'refused') throw new Error('simulated results refused by the ORU ingestion');
  return { outcome };
};
