import middy from '@middy/core';
import type { Context } from 'aws-lambda';
import { requestOrigin, type HttpEvent, type HttpResult } from '../../shared/http/respond.js';
import { errorShape, type EdgeDeps } from '../../shared/http/middleware.js';
import { singleValuedQuery } from '../../shared/http/partner-handler.js';
import { documentText } from '../../shared/http/openapi/prebuilt.js';
import { cachedText, conditional } from '../../shared/http/conditional.js';
import partnerDocument from '../../data/openapi/partner.json' with { type: 'json' };

/** GET /api/v1/openapi.json: the partner API's OpenAPI 3.1 description (no authentication needed to read it). */
export const makeHandler = (deps: EdgeDeps) =>
  middy<HttpEvent, HttpResult, Error, Context>()
    .use(errorShape('partner', deps))
    .use(singleValuedQuery())
    .use(conditional())
    .handler(async (event) => {
      // The document's server is the partner API itself; error `docs` links go to the public site.
      const env = deps.runtimeEnv();
      const server = requestOrigin(event, env.API_BASE_URL ?? env.PUBLIC_BASE_URL);
      return cachedText(`openapi partner ${server}`, () => documentText(partnerDocument, server), {
        'Access-Control-Allow-Origin': '*',
        'Cache-Control': 'public, max-age=300',
      });
    });
