import { operatorHandler } from '../../shared/http/partner-handler.js';
import { header, type HttpEvent } from '../../shared/http/respond.js';
import { cachedText } from '../../shared/http/conditional.js';
import { documentText } from '../../shared/http/openapi/prebuilt.js';
import type { EdgeDeps } from '../../shared/http/middleware.js';
import operatorDocument from '../../data/openapi/operator.json' with { type: 'json' };

/** What this handler needs from the composition root (its entry in lambdas/ passes them). */
type Deps = EdgeDeps;

/**
 * The operator API's own origin: it has no custom domain, so on API Gateway's default host the
 * stage is part of every path (the public base URL names another API).
 */
function operatorOrigin(event: HttpEvent): string {
  const host = header(event, 'host') ?? 'localhost';
  const proto = header(event, 'x-forwarded-proto') ?? 'https';
  const stage = host.endsWith('.amazonaws.com') ? `/${event.requestContext.stage}` : '';
  return `${proto}://${host}${stage}`;
}

/** GET /admin/v1/openapi.json: the operator API's OpenAPI 3.1 description. */
export const makeHandler = (deps: Deps) =>
  operatorHandler(deps, async (event) => {
    const origin = operatorOrigin(event);
    return cachedText(`openapi operator ${origin}`, () => documentText(operatorDocument, origin));
  });
