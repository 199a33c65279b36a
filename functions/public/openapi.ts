import { publicHandler, type PublicEdgeDeps } from '../../shared/http/public-handler.js';
import { cachedText } from '../../shared/http/conditional.js';
import { documentText } from '../../shared/http/openapi/prebuilt.js';
import { serviceOrigin } from '../../shared/http/middleware.js';
import publicDocument from '../../data/openapi/public.json' with { type: 'json' };

/** What this handler needs from the composition root (its entry in lambdas/ passes them). */
type Deps = PublicEdgeDeps;

/** GET /api/public/v1/openapi.json: the public API's OpenAPI 3.1 description, generated from the zod schemas at build. */
export const makeHandler = (deps: Deps) =>
  publicHandler(deps, async (event) => {
    const origin = serviceOrigin(deps, event);
    return cachedText(`openapi public ${origin}`, () => documentText(publicDocument, origin));
  });
