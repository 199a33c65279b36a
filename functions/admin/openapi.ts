import { operatorHandler } from '../../shared/http/partner-handler.js';
import { header, json, type HttpEvent } from '../../shared/http/respond.js';
import { buildDocument } from '../../shared/http/openapi/documents.js';
import type { EdgeDeps } from '../../shared/http/middleware.js';

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
  operatorHandler(deps, async (event) => json(200, buildDocument('operator', operatorOrigin(event))));
