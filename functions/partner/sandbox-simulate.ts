import { partnerHandler, pathParam } from '../../shared/http/partner-handler.js';
import { json } from '../../shared/http/respond.js';
import { ApiError } from '../../shared/http/errors.js';
import { parseJsonBody, parseOrThrow } from '../../shared/http/schemas/parse.js';
import { simulateSchema } from '../../shared/http/schemas/sandbox.js';
import { runSandboxAction } from '../../shared/app/partner-orders.js';
import type { ServiceDeps } from '../../shared/app/service-deps.js';
import type { EdgeDeps } from '../../shared/http/middleware.js';

/** What this handler needs from the composition root (its entry in lambdas/ passes them). */
type Deps = EdgeDeps & Pick<ServiceDeps, 'runtimeEnv' | 'sandboxDeps'>;

/** Sandbox only: POST /api/v1/sandbox/orders/{id}/simulate {scenario} rehearses a branch of the lifecycle. */
export const makeHandler = (deps: Deps) =>
  partnerHandler(deps, async (event, identity) => {
    const sandbox = deps.runtimeEnv().SERVICE_ENVIRONMENT === 'sandbox';
    if (!sandbox) throw new ApiError('not_found');
    const { scenario } = parseOrThrow(simulateSchema, parseJsonBody(event.body));
    const outcome = await runSandboxAction(
      { ...deps.sandboxDeps(), sandbox },
      identity.partnerId,
      pathParam(event, 'id'),
      {
        kind: 'simulate',
        scenario,
      },
    );
    if (!outcome.ok && outcome.reason === 'not_found') throw new ApiError('not_found', 'No such order.');
    if (!outcome.ok)
      throw new ApiError('validation_error', outcome.message, { details: { fields: { scenario: outcome.message } } });
    return json(200, outcome.order);
  });
