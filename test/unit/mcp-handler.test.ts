// The MCP function's cold-start levers, held at the handler: initialize and tools/list read no
// catalogue (only a tool call does, once per request), and a catalogue that cannot be read is a
// tool error naming no internals, logged by name only.
import { describe, expect, it } from 'vitest';
import type { APIGatewayProxyEvent } from 'aws-lambda';
import { makeHandler } from '../../functions/mcp/handler.js';
import { bundledCatalog } from '../../shared/adapters/catalog-snapshot.js';
import type { Catalog } from '../../shared/domain/catalog.js';

function mcp(read: () => Promise<Catalog> = async () => bundledCatalog().catalog) {
  const reads = { count: 0 };
  const logged: unknown[] = [];
  const handler = makeHandler({
    catalogStore: () => ({ get: () => (reads.count++, read()) }) as never,
    clock: () => ({ now: () => new Date('2026-01-01T00:00:00Z') }),
    runtimeEnv: () => ({ PUBLIC_BASE_URL: 'https://lab.example' }) as never,
    logger: () => ({ error: (...args: unknown[]) => logged.push(args) }) as never,
  });
  const post = async (body: unknown) => {
    const event = {
      httpMethod: 'POST',
      path: '/mcp',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' },
      body: JSON.stringify(body),
      isBase64Encoded: false,
    };
    const r = await handler(event as unknown as APIGatewayProxyEvent);
    return { status: r.statusCode, body: JSON.parse(r.body) };
  };
  return { post, reads, logged };
}

const rpc = (method: string, params?: unknown, id = 1) => ({ jsonrpc: '2.0', id, method, params });
const init = { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } };

describe('MCP handler: the catalogue is read only when a tool runs', () => {
  it('initialize and tools/list read nothing; a batch of two tool calls reads the catalogue once', async () => {
    const { post, reads } = mcp();
    expect((await post(rpc('initialize', init))).body.result.serverInfo.name).toBe('lab-tests');
    const listed = await post(rpc('tools/list'));
    expect(listed.body.result.tools).toHaveLength(4);
    expect(reads.count).toBe(0);
    const batch = await post([
      rpc('tools/call', { name: 'get-test-details', arguments: { testId: 'cbc' } }, 1),
      rpc('tools/call', { name: 'get-test-panels', arguments: {} }, 2),
    ]);
    expect(batch.body.map((r: { result: { isError?: boolean } }) => r.result.isError ?? false)).toEqual([false, false]);
    expect(reads.count).toBe(1);
  });

  it('a search refused for personal details reads no catalogue', async () => {
    const { post, reads } = mcp();
    const r = await post(rpc('tools/call', { name: 'search-lab-tests', arguments: { query: 'jane@example.com' } }));
    expect(r.body.result.isError).toBe(true);
    expect(reads.count).toBe(0);
  });

  it('a catalogue that cannot be read is a tool error naming no internals, logged by its name only', async () => {
    const { post, logged } = mcp(async () => {
      throw Object.assign(new Error('Requested resource not found: table lab-catalog for jane@example.com'), {
        name: 'ResourceNotFoundException',
      });
    });
    const r = await post(rpc('tools/call', { name: 'get-test-details', arguments: { testId: 'cbc' } }));
    expect(r.status).toBe(200);
    expect(r.body.result.isError).toBe(true);
    expect(r.body.result.content[0].text).toMatch(/catalogue is unavailable/);
    expect(JSON.stringify(r.body)).not.toMatch(/lab-catalog|jane|ResourceNotFound/);
    expect(JSON.stringify(logged)).toContain('ResourceNotFoundException');
    expect(JSON.stringify(logged)).not.toContain('jane');
  });
});
