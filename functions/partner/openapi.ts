import middy from '@middy/core';
import type { Context } from 'aws-lambda';
import { json, requestOrigin, type HttpEvent, type HttpResult } from '../../shared/http/respond.js';
import { errorShape, type EdgeDeps } from '../../shared/http/middleware.js';
import { singleValuedQuery } from '../../shared/http/partner-handler.js';
import { buildDocument } from '../../shared/http/openapi/documents.js';

/** GET /api/v1/openapi.json: the partner API's OpenAPI 3.1 description (no authentication needed to read it). */
export const makeHandler = (deps: EdgeDeps) =>
  middy<HttpEvent, HttpResult, Error, Context>()
    .use(errorShape('partner', deps))
    .use(singleValuedQuery())
    .handler(async (event) =>
      // The document's server is the partner API itself; error `docs` links go to the public site.
      json(
        200,
        buildDocument(
          'partner',
          requestOrigin(event, deps.runtimeEnv().API_BASE_URL ?? deps.runtimeEnv().PUBLIC_BASE_URL),
        ),
        {
          'Access-Control-Allow-Origin': '*',
          'Cache-Control': 'public, max-age=300',
        },
      ),
    );
