import { publicHandler, publicOrigin } from '../../shared/http/public-handler.js';
import { cachedText } from '../../shared/http/conditional.js';
import { documentText } from '../../shared/http/openapi/prebuilt.js';
import publicDocument from '../../data/openapi/public.json' with { type: 'json' };

/** GET /api/public/v1/openapi.json: the public API's OpenAPI 3.1 description, generated from the zod schemas at build. */
export const handler = publicHandler(async (event) => {
  const origin = publicOrigin(event);
  return cachedText(`openapi public ${origin}`, () => documentText(publicDocument, origin));
});
