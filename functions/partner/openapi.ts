import type { APIGatewayProxyEvent, APIGatewayProxyResult } from 'aws-lambda';
import { json, requestOrigin } from '../../shared/http/respond.js';
import { buildDocument } from '../../shared/http/openapi/documents.js';
import { runtimeEnv } from '../../shared/composition.js';

/** GET /api/v1/openapi.json: the partner API's OpenAPI 3.1 description (no authentication needed to read it). */
export const handler = async (event: APIGatewayProxyEvent): Promise<APIGatewayProxyResult> =>
  json(200, buildDocument('partner', requestOrigin(event, runtimeEnv().PUBLIC_BASE_URL)), {
    'Access-Control-Allow-Origin': '*',
    'Cache-Control': 'public, max-age=300',
  });
