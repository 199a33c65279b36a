import { publicHandler, publicOrigin } from '../../shared/http/public-handler.js';
import { cachedJson } from '../../shared/http/conditional.js';
import { buildDocument } from '../../shared/http/openapi/documents.js';

/** GET /api/public/v1/openapi.json: the public API's OpenAPI 3.1 description, from the zod schemas. */
export const handler = publicHandler(async (event) => {
  const origin = publicOrigin(event);
  return cachedJson(`openapi public ${origin}`, () => buildDocument('public', origin));
});
