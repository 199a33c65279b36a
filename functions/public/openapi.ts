import { publicHandler, type PublicEdgeDeps } from '../../shared/http/public-handler.js';
import { json } from '../../shared/http/respond.js';
import { buildDocument } from '../../shared/http/openapi/documents.js';
import { serviceOrigin } from '../../shared/http/middleware.js';

/** What this handler needs from the composition root (its entry in lambdas/ passes them). */
type Deps = PublicEdgeDeps;

/** GET /api/public/v1/openapi.json: the public API's OpenAPI 3.1 description, from the zod schemas. */
export const makeHandler = (deps: Deps) =>
  publicHandler(deps, async (event) => json(200, buildDocument('public', serviceOrigin(deps, event))));
