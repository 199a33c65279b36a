import type { APIGatewayProxyEvent, APIGatewayProxyEventV2, APIGatewayProxyResult } from 'aws-lambda';
import { answerMcp } from '../../shared/mcp/protocol.js';
import { MCP_TOOLS } from '../../shared/mcp/tools.js';
import type { ServiceDeps } from '../../shared/app/service-deps.js';

/** What the MCP server needs from the composition root (its entry in lambdas/ passes them). */
type Deps = Pick<ServiceDeps, 'catalogStore' | 'clock' | 'runtimeEnv' | 'logger'>;

type AnyEvent = APIGatewayProxyEvent | APIGatewayProxyEventV2;

const SERVER_INFO = { name: 'lab-tests', version: '1.0.0' };

function decode(event: AnyEvent) {
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(event.headers ?? {})) if (v !== undefined) headers[k.toLowerCase()] = v;
  const isV2 = 'version' in event && event.version === '2.0';
  const method = isV2
    ? (event as APIGatewayProxyEventV2).requestContext.http.method
    : (event as APIGatewayProxyEvent).httpMethod;
  const body = event.body && event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body;
  return { method, headers, body: body ?? undefined };
}

/**
 * The MCP server (StreamableHTTP, stateless, no authentication): a Lambda function URL in AWS,
 * /mcp on the local origin. Every answer is one JSON body; only a tool call reads the catalogue.
 */
export const makeHandler =
  (deps: Deps) =>
  async (event: AnyEvent): Promise<APIGatewayProxyResult> => {
    const request = decode(event);
    const origin =
      deps.runtimeEnv().PUBLIC_BASE_URL ??
      `${request.headers['x-forwarded-proto'] ?? 'https'}://${request.headers.host ?? 'localhost'}`;
    try {
      const answer = await answerMcp(request, {
        info: SERVER_INFO,
        tools: MCP_TOOLS,
        context: async () => ({ catalog: await deps.catalogStore().get(), origin, now: deps.clock().now() }),
      });
      return {
        statusCode: answer.status,
        headers: { 'Access-Control-Allow-Origin': '*', ...answer.headers },
        body: answer.body,
      };
    } catch (err) {
      deps.logger().error('mcp request failed', { errorName: (err as Error).name });
      return {
        statusCode: 500,
        headers: { 'Access-Control-Allow-Origin': '*', 'Content-Type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', error: { code: -32603, message: 'Internal error' }, id: null }),
      };
    }
  };
