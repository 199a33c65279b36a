import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import type { APIGatewayProxyEvent, APIGatewayProxyEventV2, APIGatewayProxyResult } from 'aws-lambda';
import { buildMcpServer } from '../../shared/mcp/server.js';
import type { ServiceDeps } from '../../shared/app/service-deps.js';

/** What the MCP server needs from the composition root (its entry in lambdas/ passes them). */
type Deps = Pick<ServiceDeps, 'catalogStore' | 'clock' | 'runtimeEnv' | 'logger'>;

type AnyEvent = APIGatewayProxyEvent | APIGatewayProxyEventV2;

function toRequest(deps: Deps, event: AnyEvent): { request: Request; origin: string } {
  const headers = new Headers();
  for (const [k, v] of Object.entries(event.headers ?? {})) if (v !== undefined) headers.set(k, v);
  const host = headers.get('host') ?? 'localhost';
  const proto = headers.get('x-forwarded-proto') ?? 'https';
  const origin = deps.runtimeEnv().PUBLIC_BASE_URL ?? `${proto}://${host}`;
  const isV2 = 'version' in event && event.version === '2.0';
  const method = isV2
    ? (event as APIGatewayProxyEventV2).requestContext.http.method
    : (event as APIGatewayProxyEvent).httpMethod;
  const path = isV2 ? (event as APIGatewayProxyEventV2).rawPath : (event as APIGatewayProxyEvent).path;
  const body = event.body
    ? event.isBase64Encoded
      ? Buffer.from(event.body, 'base64').toString('utf8')
      : event.body
    : undefined;
  return {
    request: new Request(`${proto}://${host}${path}`, {
      method,
      headers,
      ...(body !== undefined && method !== 'GET' ? { body } : {}),
    }),
    origin,
  };
}

/**
 * The MCP server (StreamableHTTP, stateless, no authentication): a Lambda function URL in AWS,
 * /mcp on the local origin. A new server and transport per request, answering in JSON.
 */
export const makeHandler =
  (deps: Deps) =>
  async (event: AnyEvent): Promise<APIGatewayProxyResult> => {
    const { request, origin } = toRequest(deps, event);
    // A tool that cannot read the catalogue answers a tool error naming no internals; the log has its name.
    const readCatalog = () =>
      deps
        .catalogStore()
        .get()
        .catch((err: unknown) => {
          deps.logger().error('mcp catalogue read failed', { errorName: (err as Error).name });
          throw new Error('The catalogue is unavailable right now; try again shortly.');
        });
    const server = buildMcpServer(readCatalog, origin, deps.clock().now());
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
    });
    try {
      await server.connect(transport);
      const response = await transport.handleRequest(request);
      const headers: Record<string, string> = { 'Access-Control-Allow-Origin': '*' };
      response.headers.forEach((v, k) => (headers[k] = v));
      return { statusCode: response.status, headers, body: await response.text() };
    } catch (err) {
      deps.logger().error('mcp request failed', { errorName: (err as Error).name });
      return {
        statusCode: 500,
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', error: { code: -32603, message: 'Internal error' }, id: null }),
      };
    } finally {
      await server.close();
    }
  };
