import { makeHandler } from '../../functions/dashboard/actions.js';
import {
  clock,
  dashboardEdge,
  deliveryStore,
  dispatchDeps,
  partnerStore,
  sandboxDeps,
} from '../../shared/composition.js';

export const handler = makeHandler({ ...dashboardEdge, clock, deliveryStore, dispatchDeps, partnerStore, sandboxDeps });
