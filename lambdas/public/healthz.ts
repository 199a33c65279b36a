// Needs nothing from the composition root.
export { handler } from '../../functions/public/healthz.js';
