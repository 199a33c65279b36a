import { makeHandler } from '../../functions/pages/login.js';
import { dashboardAuthDeps, edge } from '../../shared/composition.js';

export const handler = makeHandler({ ...edge, dashboardAuthDeps });
