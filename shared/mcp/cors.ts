// The MCP server's CORS, in one place: the stack gives it to the Lambda function URL, which answers
// preflight itself, and the local runtime answers OPTIONS /mcp from it the same way.

export const MCP_CORS = {
  allowOrigins: ['*'],
  allowMethods: ['POST'],
  allowHeaders: ['content-type', 'accept', 'mcp-protocol-version'],
  maxAgeSeconds: 600,
} as const;

/** The headers a function URL with this configuration answers a preflight from `origin` with. */
export function mcpPreflightHeaders(origin: string | undefined): Record<string, string> {
  const allowed = (MCP_CORS.allowOrigins as readonly string[]).includes('*')
    ? '*'
    : origin && (MCP_CORS.allowOrigins as readonly string[]).includes(origin)
      ? origin
      : null;
  if (!allowed) return {};
  return {
    'Access-Control-Allow-Origin': allowed,
    'Access-Control-Allow-Methods': MCP_CORS.allowMethods.join(','),
    'Access-Control-Allow-Headers': MCP_CORS.allowHeaders.join(','),
    'Access-Control-Max-Age': String(MCP_CORS.maxAgeSeconds),
  };
}
