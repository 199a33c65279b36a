import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { timingSafeEqual } from 'node:crypto';
import type {
  APIGatewayAuthorizerResult,
  APIGatewayProxyEvent,
  APIGatewayProxyResult,
  APIGatewayRequestAuthorizerEvent,
  Context,
} from 'aws-lambda';
import type { Route } from '../../shared/manifest/index.js';
import { CORS_HEADERS } from '../../shared/http/middleware.js';
import { mcpPreflightHeaders } from '../../shared/mcp/cors.js';
import { toProxyEvent, lambdaContext } from './api-gateway-event.js';
import { compileRoutes, matchRoute } from './router.js';
import { compressForClient } from './compression.js';
import { countDynamoCalls } from '../../shared/adapters/dynamodb/call-counter.js';

export type ProxyHandler = (event: APIGatewayProxyEvent, context: Context) => Promise<APIGatewayProxyResult>;
export type AuthorizerHandler = (event: APIGatewayRequestAuthorizerEvent) => Promise<APIGatewayAuthorizerResult>;

export interface LocalAuth {
  /** Stands in for IAM on the operator API. */
  adminToken: string;
  /** Stands in for the lab's IAM role on its inbound results route. */
  labToken: string;
  /** The partner API's Lambda authorizer, called as API Gateway calls it. */
  partnerAuthorizer: AuthorizerHandler;
}

function bearerMatches(header: string | undefined, token: string): boolean {
  const given = Buffer.from(/^Bearer\s+(\S+)$/i.exec(header ?? '')?.[1] ?? '');
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

async function authorize(event: APIGatewayProxyEvent, route: Route, auth: LocalAuth): Promise<boolean> {
  const authorization = Object.entries(event.headers).find(([k]) => k.toLowerCase() === 'authorization')?.[1];
  if (route.auth === 'operator') return bearerMatches(authorization, auth.adminToken);
  if (route.auth === 'lab') return bearerMatches(authorization, auth.labToken);
  if (route.auth === 'partner') {
    const result = await auth.partnerAuthorizer({
      type: 'REQUEST',
      methodArn: `arn:aws:execute-api:local:000000000000:local/local/${route.method}${route.path}`,
      resource: route.path,
      path: event.path,
      httpMethod: event.httpMethod,
      headers: event.headers,
      multiValueHeaders: event.multiValueHeaders,
      pathParameters: event.pathParameters,
      queryStringParameters: event.queryStringParameters,
      multiValueQueryStringParameters: event.multiValueQueryStringParameters,
      stageVariables: null,
      requestContext: event.requestContext,
    } as APIGatewayRequestAuthorizerEvent);
    event.requestContext.authorizer = { ...(result.context ?? {}), principalId: result.principalId };
  }
  return true;
}

const MAX_BODY_BYTES = 6 * 1024 * 1024; // API Gateway's Lambda payload limit.

function send(
  res: ServerResponse,
  status: number,
  headers: Record<string, string | number | boolean>,
  body: string | Buffer,
): void {
  res.writeHead(status, Object.fromEntries(Object.entries(headers).map(([k, v]) => [k, String(v)])));
  res.end(body);
}

function jsonError(
  res: ServerResponse,
  status: number,
  code: string,
  message: string,
  extra: Record<string, string> = {},
): void {
  send(
    res,
    status,
    { 'Content-Type': 'application/json; charset=utf-8', ...extra },
    JSON.stringify({ error: { code, message } }),
  );
}

async function readBody(req: IncomingMessage): Promise<string | null> {
  // A request with neither header has no body (RFC 9112, 6.3): nothing to wait for.
  const length = req.headers['content-length'];
  if (req.headers['transfer-encoding'] === undefined && (length === undefined || length === '0')) return null;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) throw new Error('body_too_large');
    chunks.push(chunk as Buffer);
  }
  return chunks.length > 0 ? Buffer.concat(chunks).toString('utf8') : null;
}

/**
 * The local stand-in for API Gateway: matches the route table, answers CORS preflight for the
 * public API as API Gateway's mock integration would (and for /mcp as its function URL does), and invokes the route's Lambda handler
 * with the proxy event AWS would send.
 */
export function createLocalServer(
  routes: readonly Route[],
  handlers: Map<Route, ProxyHandler>,
  auth: LocalAuth,
  opts: { countDynamoCalls?: boolean } = {},
): Server {
  // Without counting, the request runs as it is: no async context around it (see COUNT_DYNAMODB_CALLS).
  const counting = opts.countDynamoCalls
    ? countDynamoCalls
    : async <T>(fn: () => Promise<T>) => ({ result: await fn(), calls: null, commands: null });
  const compiled = compileRoutes(routes);
  return createServer(async (req, res) => {
    try {
      const url = new URL(req.url ?? '/', 'http://local');
      const method = req.method ?? 'GET';
      const match = matchRoute(compiled, method === 'HEAD' ? 'GET' : method, url.pathname);
      if (match.kind === 'not_found') return jsonError(res, 404, 'not_found', 'No such resource.');
      if (match.kind === 'method_not_allowed') {
        if (method === 'OPTIONS' && match.routes.some((r) => r.api === 'public'))
          return send(res, 204, CORS_HEADERS, '');
        // The MCP function URL answers preflight itself, from its CORS configuration.
        if (method === 'OPTIONS' && match.routes.some((r) => r.api === 'mcp'))
          return send(res, 200, mcpPreflightHeaders(req.headers.origin), '');
        return jsonError(res, 405, 'method_not_allowed', 'Method not allowed.', { Allow: match.allowed.join(', ') });
      }
      let body: string | null;
      try {
        body = await readBody(req);
      } catch {
        return jsonError(res, 413, 'payload_too_large', 'The request body is larger than 6 MB.');
      }
      const event = toProxyEvent(req, url, match.route, match.pathParameters, body);
      const handler = handlers.get(match.route) as ProxyHandler;
      const counted = await counting(async () => {
        if (!(await authorize(event, match.route, auth))) return null;
        return handler(event, lambdaContext(match.route, event.requestContext.requestId));
      });
      const result = counted.result;
      if (!result)
        return match.route.auth === 'lab'
          ? jsonError(res, 401, 'unauthorized', 'The lab interface needs Authorization: Bearer <LAB_TOKEN>.')
          : jsonError(res, 401, 'unauthorized', 'The operator API needs Authorization: Bearer <ADMIN_TOKEN>.');
      // Local only: how many DynamoDB calls the request made (authorizer included), for budgets.
      const headers: Record<string, string | number | boolean> = {
        ...(result.headers ?? {}),
        ...(counted.commands
          ? { 'X-Local-DynamoDB-Calls': counted.calls, 'X-Local-DynamoDB-Commands': counted.commands.join(',') }
          : {}),
      };
      for (const [k, values] of Object.entries(result.multiValueHeaders ?? {}))
        headers[k] = values.map(String).join(', ');
      const payload = result.isBase64Encoded ? Buffer.from(result.body, 'base64') : result.body;
      const answer = compressForClient(req.headers, headers, payload); // API Gateway's minimumCompressionSize
      send(res, result.statusCode, answer.headers, method === 'HEAD' ? '' : answer.payload);
    } catch (err) {
      // Handlers answer their own errors; this is API Gateway's "Internal server error".
      console.error('local runtime: handler crashed:', (err as Error)?.name);
      if (!res.headersSent) jsonError(res, 502, 'internal_error', 'Internal server error.');
    }
  });
}
