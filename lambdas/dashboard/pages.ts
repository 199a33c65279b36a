import { makeHandler } from '../../functions/dashboard/pages.js';
import {
  auditDeps,
  clock,
  cursorSecret,
  dashboardEdge,
  deliveryStore,
  documentStore,
  orderStore,
  partnerStore,
  resultsStore,
} from '../../shared/composition.js';

export const handler = makeHandler({
  ...dashboardEdge,
  auditDeps,
  clock,
  cursorSecret,
  deliveryStore,
  documentStore,
  orderStore,
  partnerStore,
  resultsStore,
});
