// MCP's Streamable HTTP transport as this server uses it: stateless (no session), every answer one
// JSON body (no SSE stream), tools only. The SDK's server and transport would do the same at about
// three times the cold start (its classic zod message schemas, ajv and JSON Schema conversion on
// every listing); the HTTP rules and error codes below follow that transport, so SDK clients see no
// difference. Spec: https://modelcontextprotocol.io/specification/2025-11-25/basic/transports
import * as z from 'zod/mini';
import { en } from 'zod/v4/locales';
import type { McpTool, ToolContext, ToolResult } from './tools.js';
import { toolError } from './tools.js';

export const LATEST_PROTOCOL_VERSION = '2025-11-25';
export const SUPPORTED_PROTOCOL_VERSIONS = [
  LATEST_PROTOCOL_VERSION,
  '2025-06-18',
  '2025-03-26',
  '2024-11-05',
  '2024-10-07',
];
const MAX_BODY_BYTES = 4 * 1024 * 1024;
const MAX_BATCH = 100;

export interface McpServerSpec {
  info: { name: string; version: string };
  tools: readonly McpTool[];
  /** What the tools read; fetched only when a tool is called (initialize and the listing need none of it). */
  context(): Promise<ToolContext>;
}

/** The HTTP request as the function sees it; header names in lower case. */
export interface McpHttpRequest {
  method: string;
  headers: Record<string, string | undefined>;
  body: string | undefined;
}

export interface McpHttpAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

type Id = string | number;
type Message =
  | { kind: 'request'; id: Id; method: string; params: Record<string, unknown> | undefined }
  | { kind: 'notification' | 'response' };

const JSON_HEADERS = { 'Content-Type': 'application/json' };
const ERR = { parse: -32700, invalidRequest: -32600, methodNotFound: -32601, invalidParams: -32602, internal: -32603 };

/** An HTTP-level refusal: a JSON-RPC error with no id, as the SDK's transport answers. */
const refuse = (status: number, code: number, message: string, headers: Record<string, string> = {}) => ({
  status,
  headers: { ...JSON_HEADERS, ...headers },
  body: JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id: null }),
});

class RpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

export async function answerMcp(req: McpHttpRequest, server: McpServerSpec): Promise<McpHttpAnswer> {
  // Lambda buffers each answer, so there is no SSE stream to open (GET) and no session to end (DELETE).
  if (req.method !== 'POST') return refuse(405, -32000, 'Method not allowed.', { Allow: 'POST' });
  const accept = req.headers.accept ?? '';
  if (!accept.includes('application/json') || !accept.includes('text/event-stream'))
    return refuse(406, -32000, 'Not Acceptable: Client must accept both application/json and text/event-stream');
  if ((req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase() !== 'application/json')
    return refuse(415, -32000, 'Unsupported Media Type: Content-Type must be application/json');
  const body = req.body ?? '';
  if (Buffer.byteLength(body) > MAX_BODY_BYTES)
    return refuse(413, -32000, `Payload Too Large: Request body must not exceed ${MAX_BODY_BYTES} bytes`);
  let raw: unknown;
  try {
    raw = JSON.parse(body);
  } catch {
    return refuse(400, ERR.parse, 'Parse error: Invalid JSON');
  }
  if (Array.isArray(raw) && raw.length > MAX_BATCH)
    return refuse(400, ERR.invalidRequest, `Invalid Request: Batch must not exceed ${MAX_BATCH} messages`);
  const messages = (Array.isArray(raw) ? raw : [raw]).map(classify);
  if (messages.some((m) => m === null)) return refuse(400, ERR.parse, 'Parse error: Invalid JSON-RPC message');
  const requests = (messages as Message[]).filter((m) => m.kind === 'request');
  const initializing = requests.some((m) => m.method === 'initialize');
  if (initializing && messages.length > 1)
    return refuse(400, ERR.invalidRequest, 'Invalid Request: Only one initialization request is allowed');
  const version = req.headers['mcp-protocol-version'];
  if (!initializing && version !== undefined && !SUPPORTED_PROTOCOL_VERSIONS.includes(version))
    return refuse(
      400,
      -32000,
      `Bad Request: Unsupported protocol version: ${version} (supported versions: ${SUPPORTED_PROTOCOL_VERSIONS.join(', ')})`,
    );
  // Notifications and responses need no answer; this server sends no requests of its own.
  if (requests.length === 0) return { status: 202, headers: {}, body: '' };
  let context: Promise<ToolContext> | undefined;
  const methods = methodsOf(server, () => (context ??= server.context()));
  const answers = await Promise.all(
    requests.map(async ({ id, method, params }) => {
      const run = methods[method];
      if (!run) return { jsonrpc: '2.0', id, error: { code: ERR.methodNotFound, message: 'Method not found' } };
      try {
        return { jsonrpc: '2.0', id, result: await run(params ?? {}) };
      } catch (err) {
        if (!(err instanceof RpcError)) throw err;
        return { jsonrpc: '2.0', id, error: { code: err.code, message: err.message } };
      }
    }),
  );
  return { status: 200, headers: JSON_HEADERS, body: JSON.stringify(answers.length === 1 ? answers[0] : answers) };
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isId = (v: unknown): v is Id => typeof v === 'string' || Number.isSafeInteger(v);
const only = (m: Record<string, unknown>, keys: string[]) => Object.keys(m).every((k) => keys.includes(k));

/** A JSON-RPC 2.0 message (strict, as the SDK's schema), or null. */
function classify(m: unknown): Message | null {
  if (!isObject(m) || m.jsonrpc !== '2.0') return null;
  if (typeof m.method === 'string') {
    if (m.params !== undefined && !isObject(m.params)) return null;
    const params = m.params as Record<string, unknown> | undefined;
    if ('id' in m)
      return isId(m.id) && only(m, ['jsonrpc', 'id', 'method', 'params'])
        ? { kind: 'request', id: m.id, method: m.method, params }
        : null;
    return only(m, ['jsonrpc', 'method', 'params']) ? { kind: 'notification' } : null;
  }
  if ('result' in m)
    return isId(m.id) && isObject(m.result) && only(m, ['jsonrpc', 'id', 'result']) ? { kind: 'response' } : null;
  const e = m.error;
  const okError = isObject(e) && Number.isSafeInteger(e.code) && typeof e.message === 'string';
  return okError && (m.id === undefined || isId(m.id)) && only(m, ['jsonrpc', 'id', 'error'])
    ? { kind: 'response' }
    : null;
}

const initializeParams = z.object({
  protocolVersion: z.string(),
  capabilities: z.looseObject({}),
  clientInfo: z.looseObject({ name: z.string(), version: z.string() }),
});
const callParams = z.object({ name: z.string(), arguments: z.optional(z.record(z.string(), z.unknown())) });

/** Checks params against a schema; a failure is JSON-RPC's "invalid params", naming fields, never values. */
function paramsOf<T>(schema: z.ZodMiniType<T>, params: unknown, what: string): T {
  const parsed = z.safeParse(schema, params, { error: english });
  if (!parsed.success) throw new RpcError(ERR.invalidParams, `${what}: ${issuesOf(parsed.error)}`);
  return parsed.data;
}
const english = en().localeError;
const issuesOf = (error: z.core.$ZodError) =>
  error.issues.map((i) => (i.path.length ? `${i.message} at ${i.path.join('.')}` : i.message)).join('\n');

function methodsOf(
  server: McpServerSpec,
  context: () => Promise<ToolContext>,
): Record<string, (params: Record<string, unknown>) => Promise<unknown> | unknown> {
  return {
    initialize: (params) => {
      const { protocolVersion } = paramsOf(initializeParams, params, 'Invalid initialize request');
      return {
        protocolVersion: SUPPORTED_PROTOCOL_VERSIONS.includes(protocolVersion)
          ? protocolVersion
          : LATEST_PROTOCOL_VERSION,
        capabilities: { tools: { listChanged: true } },
        serverInfo: server.info,
      };
    },
    ping: () => ({}),
    'tools/list': () => ({ tools: listing(server.tools) }),
    'tools/call': async (params) => {
      const call = paramsOf(callParams, params, 'Invalid tools/call request');
      return callTool(server.tools, call.name, call.arguments ?? {}, context);
    },
  };
}

/** Unknown tools and bad arguments are tool errors (the model reads them), as the SDK's server answers them. */
async function callTool(
  tools: readonly McpTool[],
  name: string,
  args: Record<string, unknown>,
  context: () => Promise<ToolContext>,
): Promise<ToolResult> {
  const tool = tools.find((t) => t.name === name);
  // The caller's words are never echoed: not even a tool name.
  if (!tool)
    return toolError(`MCP error -32602: No tool has this name. Tools: ${tools.map((t) => t.name).join(', ')}.`);
  const parsed = z.safeParse(tool.input, args, { error: english });
  if (!parsed.success)
    return toolError(
      `MCP error -32602: Input validation error: Invalid arguments for tool ${name}: ${issuesOf(parsed.error)}`,
    );
  return tool.run(parsed.data as never, await context());
}

// The listing's JSON Schemas, made once per container: the tools are fixed at build time.
const listings = new WeakMap<readonly McpTool[], unknown[]>();
function listing(tools: readonly McpTool[]): unknown[] {
  let listed = listings.get(tools);
  if (!listed) {
    listed = tools.map((t) => ({
      name: t.name,
      title: t.title,
      description: t.description,
      inputSchema: z.toJSONSchema(t.input, { target: 'draft-7', io: 'input' }),
      annotations: t.annotations,
      execution: { taskSupport: 'forbidden' },
      outputSchema: z.toJSONSchema(t.output, { target: 'draft-7', io: 'output' }),
    }));
    listings.set(tools, listed);
  }
  return listed;
}
