import { reportSimulatedResults } from '../../shared/app/simulated-results.js';
import { runtimeEnv, sandboxDeps } from '../../shared/composition.js';

/**
 * AWS sandbox only: invoked by the requisition's one-time schedule with `{orderId}`, 48 hours after
 * it was issued. Results the ingestion refuses fail the invocation: Lambda retries it, then its
 * dead-letter queue (alarmed) holds the event.
 */
export const handler = async (event: { orderId: string }) => {
  const outcome = await reportSimulatedResults(
    { ...sandboxDeps(), environment: runtimeEnv().SERVICE_ENVIRONMENT },
    event.orderId,
  );
  if (outcome === 'refused') throw new Error('simulated results refused by the ORU ingestion');
  return { outcome };
};
