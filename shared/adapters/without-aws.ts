import type { PlacementScheduler } from '../ports/placement-scheduler.js';
import type { UsagePlans } from '../ports/usage-plans.js';

// What stands in for an AWS service the local runtime does not run.

/** Placement is left to the persisted sweep over due orders: nothing to schedule. */
export const sweepOnlyScheduler: PlacementScheduler = { schedule: async () => undefined };

/** No API Gateway usage plans: a partner's key needs no provisioning. */
export const noUsagePlans: UsagePlans = { provision: async () => null };
