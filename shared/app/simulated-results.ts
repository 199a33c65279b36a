import { deliverSimulatedResults, type SandboxDeps } from './sandbox.js';
import { orderByKey } from './order-by-key.js';

export type SimulatedResultsOutcome = 'reported' | 'not_found' | 'not_awaiting_results' | 'refused';

/**
 * The AWS sandbox's simulated lab: its one-time schedule (made when the requisition was issued)
 * reports the order's results through the same ORU ingestion a real lab's go through. An order
 * already reported, cancelled or held by a scenario is left as it is.
 */
export async function reportSimulatedResults(
  deps: SandboxDeps & { environment: string },
  orderId: string,
  partnerId?: string,
): Promise<SimulatedResultsOutcome> {
  if (deps.environment === 'production') throw new Error('simulated results never run in production');
  const order = await orderByKey(deps.orders, orderId, partnerId);
  if (!order) return 'not_found';
  if (order.state !== 'requisition_issued') return 'not_awaiting_results';
  const outcome = await deliverSimulatedResults(deps, order, 'simulated_lab');
  return outcome.ok ? 'reported' : 'refused';
}
