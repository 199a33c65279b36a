import { partnerHandler, pathParam } from '../../shared/http/partner-handler.js';
import { json } from '../../shared/http/respond.js';
import { ApiError } from '../../shared/http/errors.js';
import { runSandboxAction } from '../../shared/app/partner-orders.js';
import { runtimeEnv, sandboxDeps } from '../../shared/composition.js';

/** Sandbox only: POST /api/v1/sandbox/orders/{id}/advance moves an order to its next checkpoint now. */
export const handler = partnerHandler(async (event, identity) => {
  const sandbox = runtimeEnv().SERVICE_ENVIRONMENT === 'sandbox';
  if (!sandbox) throw new ApiError('not_found');
  const outcome = await runSandboxAction({ ...sandboxDeps(), sandbox }, identity.partnerId, pathParam(event, 'id'), {
    kind: 'advance',
  });
  if (!outcome.ok && outcome.reason === 'not_found') throw new ApiError('not_found', 'No such order.');
  if (!outcome.ok)
    throw new ApiError('validation_error', outcome.message, { details: { fields: { id: outcome.message } } });
  return json(200, outcome.order);
});
