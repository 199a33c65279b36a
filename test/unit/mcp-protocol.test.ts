// The MCP function answers the protocol itself (shared/mcp/protocol.ts) instead of through the MCP
// SDK's server and transport, for its cold start. These tests hold it to the SDK: the same requests
// through the SDK's McpServer (stateless, JSON answers, the same four tools) get the same answers,
// apart from the few listed where this server deliberately answers differently.
import { describe, expect, it, vi } from 'vitest';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import type { APIGatewayProxyEvent } from 'aws-lambda';
import { makeHandler } from '../../functions/mcp/handler.js';
import { MCP_TOOLS, type ToolContext } from '../../shared/mcp/tools.js';
import { bundledCatalog } from '../../shared/adapters/catalog-snapshot.js';
import type { Catalog } from '../../shared/domain/catalog.js';

const context: ToolContext = {
  catalog: bundledCatalog(),
  origin: 'https://lab.example',
  now: new Date('2026-01-01T00:00:00Z'),
};

interface Answer {
  status: number;
  headers: Record<string, string>;
  body: unknown;
}
const parsed = (status: number, headers: Record<string, string>, text: string): Answer => {
  const lower = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));
  return { status, headers: lower, body: text ? JSON.parse(text) : '' };
};

/** The reference: the SDK's server and transport, built per request as the function used to. */
async function viaSdk(method: string, headers: Record<string, string>, body?: string): Promise<Answer> {
  const server = new McpServer({ name: 'lab-tests', version: '1.0.0' });
  for (const t of MCP_TOOLS)
    server.registerTool(
      t.name,
      {
        title: t.title,
        description: t.description,
        inputSchema: t.input.shape,
        outputSchema: t.output.shape,
        annotations: t.annotations,
      },
      async (args: unknown) => t.run(args as never, context) as never,
    );
  const transport = new WebStandardStreamableHTTPServerTransport({
    sessionIdGenerator: undefined,
    enableJsonResponse: true,
  });
  await server.connect(transport);
  const res = await transport.handleRequest(
    new Request('https://lab.example/mcp', { method, headers, ...(body !== undefined ? { body } : {}) }),
  );
  const out: Record<string, string> = {};
  res.headers.forEach((v, k) => (out[k] = v));
  const answer = parsed(res.status, out, await res.text());
  await server.close();
  return answer;
}

function ours(
  catalogReads: { count: number } = { count: 0 },
  catalog: () => Promise<Catalog> = async () => context.catalog,
) {
  const errors: unknown[] = [];
  const handler = makeHandler({
    catalogStore: () => ({ get: () => (catalogReads.count++, catalog()) }) as never,
    clock: () => ({ now: () => context.now }),
    runtimeEnv: () => ({ PUBLIC_BASE_URL: context.origin }) as never,
    logger: () => ({ error: (...a: unknown[]) => errors.push(a) }) as never,
  });
  const call = async (method: string, headers: Record<string, string>, body?: string) => {
    const event = { httpMethod: method, path: '/mcp', headers, body: body ?? null, isBase64Encoded: false };
    const r = await handler(event as unknown as APIGatewayProxyEvent);
    return parsed(r.statusCode, r.headers as Record<string, string>, r.body);
  };
  return { call, errors };
}

const H = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
const rpc = (method: string, params?: unknown, id: unknown = 1) =>
  JSON.stringify({ jsonrpc: '2.0', id, method, ...(params !== undefined ? { params } : {}) });
const init = { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'c', version: '1' } };
const callTool = (name: string, args?: unknown) =>
  rpc('tools/call', { name, ...(args !== undefined ? { arguments: args } : {}) });

const SAME: Array<[string, string, Record<string, string>, string | undefined]> = [
  ['initialize', 'POST', H, rpc('initialize', init)],
  ['initialize with an unknown version', 'POST', H, rpc('initialize', { ...init, protocolVersion: '1999-01-01' })],
  ['initialize in a batch', 'POST', H, `[${rpc('initialize', init)},${rpc('ping', undefined, 2)}]`],
  ['tools/list', 'POST', H, rpc('tools/list')],
  ['tools/list with a cursor', 'POST', H, rpc('tools/list', { cursor: 'x' })],
  ['ping', 'POST', H, rpc('ping')],
  ['an unknown method', 'POST', H, rpc('resources/list')],
  ['a notification', 'POST', H, JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' })],
  ['a response', 'POST', H, JSON.stringify({ jsonrpc: '2.0', id: 5, result: {} })],
  ['a batch', 'POST', H, `[${rpc('ping')},${rpc('tools/list', undefined, 'b')},{"jsonrpc":"2.0","method":"n/x"}]`],
  ['an empty batch', 'POST', H, '[]'],
  ['a batch over 100', 'POST', H, `[${Array.from({ length: 101 }, (_, i) => rpc('ping', undefined, i)).join(',')}]`],
  ['invalid JSON', 'POST', H, '{nope'],
  ['an empty body', 'POST', H, ''],
  ['JSON-RPC 1.0', 'POST', H, JSON.stringify({ jsonrpc: '1.0', id: 1, method: 'ping' })],
  ['an extra member', 'POST', H, JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping', x: 1 })],
  ['a fractional id', 'POST', H, JSON.stringify({ jsonrpc: '2.0', id: 1.5, method: 'ping' })],
  ['array params', 'POST', H, JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping', params: [1] })],
  ['a bare number', 'POST', H, '42'],
  ['no event-stream in Accept', 'POST', { ...H, accept: 'application/json' }, rpc('ping')],
  ['a text body', 'POST', { ...H, 'content-type': 'text/plain' }, rpc('ping')],
  ['JSON with a charset', 'POST', { ...H, 'content-type': 'application/json; charset=utf-8' }, rpc('ping')],
  ['an unsupported version', 'POST', { ...H, 'mcp-protocol-version': '1900-01-01' }, rpc('ping')],
  ['a supported version', 'POST', { ...H, 'mcp-protocol-version': '2025-06-18' }, rpc('ping')],
  ['search', 'POST', H, callTool('search-lab-tests', { query: 'cholesterol' })],
  ['search with an email', 'POST', H, callTool('search-lab-tests', { query: 'john@example.com thyroid' })],
  ['search, empty query', 'POST', H, callTool('search-lab-tests', { query: '' })],
  ['search, no query', 'POST', H, callTool('search-lab-tests', {})],
  ['search, no arguments', 'POST', H, callTool('search-lab-tests')],
  ['search, an extra argument', 'POST', H, callTool('search-lab-tests', { query: 'a1c', extra: 1 })],
  ['search, a long query', 'POST', H, callTool('search-lab-tests', { query: 'x'.repeat(201) })],
  ['details', 'POST', H, callTool('get-test-details', { testId: 'lipid-panel' })],
  ['details of a panel', 'POST', H, callTool('get-test-details', { testId: 'heart-health-panel' })],
  ['details of an unknown id', 'POST', H, callTool('get-test-details', { testId: 'zz' })],
  ['details, a number', 'POST', H, callTool('get-test-details', { testId: 7 })],
  ['panels', 'POST', H, callTool('get-test-panels', {})],
  ['panels of a category', 'POST', H, callTool('get-test-panels', { category: 'Heart Health' })],
  ['panels of no category', 'POST', H, callTool('get-test-panels', { category: 'Astrology' })],
  ['pricing', 'POST', H, callTool('get-pricing', { testIds: ['lipid-panel', 'hba1c'], state: 'ca' })],
  ['pricing, a restricted state', 'POST', H, callTool('get-pricing', { testIds: ['cbc'], state: 'NY' })],
  ['pricing, no state', 'POST', H, callTool('get-pricing', { testIds: ['cbc'] })],
  ['pricing, a string for a list', 'POST', H, callTool('get-pricing', { testIds: 'cbc' })],
  ['pricing, an unknown id', 'POST', H, callTool('get-pricing', { testIds: ['no-such'] })],
  ['pricing, no such state', 'POST', H, callTool('get-pricing', { testIds: ['cbc'], state: 'ZZ' })],
  ['pricing, an empty list', 'POST', H, callTool('get-pricing', { testIds: [] })],
  ['pricing, 51 ids', 'POST', H, callTool('get-pricing', { testIds: Array(51).fill('cbc') })],
  ['a PUT', 'PUT', H, rpc('ping')],
];

describe('the MCP function answers as the MCP SDK’s server would', () => {
  it.each(SAME)('%s', async (_name, method, headers, body) => {
    const expected = await viaSdk(method, headers, body);
    const actual = await ours().call(method, headers, body);
    // The function adds CORS; the SDK answers a PUT with the methods it streams on (see below).
    delete actual.headers['access-control-allow-origin'];
    if (method === 'PUT') expected.headers.allow = 'POST';
    expect(actual).toEqual(expected);
  });
});

describe('where it answers differently, on purpose', () => {
  it('GET and DELETE are 405 with Allow: POST: a buffered Lambda answer opens no SSE stream and there is no session to end', async () => {
    for (const method of ['GET', 'DELETE']) {
      const r = await ours().call(method, H);
      expect(r.status).toBe(405);
      expect(r.headers.allow).toBe('POST');
      expect(r.body).toMatchObject({ jsonrpc: '2.0', error: { code: -32000 }, id: null });
    }
  });

  it('an unknown tool is a tool error that lists the tools and never repeats the name the caller sent', async () => {
    const r = await ours().call('POST', H, callTool('jane-roe-results', {}));
    const result = (r.body as { result: { isError: boolean; content: Array<{ text: string }> } }).result;
    expect(result.isError).toBe(true);
    expect(result.content[0]!.text).toContain('search-lab-tests');
    expect(JSON.stringify(r.body)).not.toMatch(/jane|roe/i);
  });

  it('malformed initialize and tools/call params are JSON-RPC "invalid params" (-32602) naming the fields', async () => {
    for (const body of [rpc('initialize', { foo: 1 }), rpc('initialize'), rpc('tools/call', { arguments: {} })]) {
      const r = await ours().call('POST', H, body);
      expect(r.body).toMatchObject({ jsonrpc: '2.0', id: 1, error: { code: -32602 } });
    }
  });
});

describe('cold start: only a tool call reads the catalogue', () => {
  it('initialize, ping and tools/list read nothing; a batch of tool calls reads the catalogue once', async () => {
    const reads = { count: 0 };
    const { call } = ours(reads);
    await call('POST', H, rpc('initialize', init));
    await call('POST', H, `[${rpc('ping')},${rpc('tools/list', undefined, 2)}]`);
    expect(reads.count).toBe(0);
    const batch = `[${callTool('get-test-details', { testId: 'cbc' })},${rpc('tools/call', { name: 'get-test-panels', arguments: {} }, 2)}]`;
    const r = await call('POST', H, batch);
    expect((r.body as unknown[]).length).toBe(2);
    expect(reads.count).toBe(1);
  });

  it('a catalogue that cannot be read is a 500 with a JSON-RPC internal error, logged by name only', async () => {
    const { call, errors } = ours({ count: 0 }, async () => {
      throw Object.assign(new Error('table for jane@example.com'), { name: 'ResourceNotFoundException' });
    });
    const r = await call('POST', H, callTool('get-test-details', { testId: 'cbc' }));
    expect(r.status).toBe(500);
    expect(r.body).toMatchObject({ jsonrpc: '2.0', error: { code: -32603, message: 'Internal error' } });
    expect(JSON.stringify(errors)).not.toContain('jane');
    expect(JSON.stringify(errors)).toContain('ResourceNotFoundException');
  });

  it('a base64 body (as a function URL may send) is decoded', async () => {
    const handler = makeHandler({
      catalogStore: () => ({ get: async () => context.catalog }) as never,
      clock: () => ({ now: () => context.now }),
      runtimeEnv: () => ({}) as never,
      logger: vi.fn() as never,
    });
    const r = await handler({
      version: '2.0',
      rawPath: '/mcp',
      requestContext: { http: { method: 'POST' } },
      headers: { ...H, host: 'mcp.example', 'x-forwarded-proto': 'https' },
      body: Buffer.from(callTool('get-test-details', { testId: 'cbc' })).toString('base64'),
      isBase64Encoded: true,
    } as never);
    expect(r.statusCode).toBe(200);
    expect(r.body).toContain('https://mcp.example/tests/cbc');
  });
});
