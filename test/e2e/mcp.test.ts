import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { baseUrl, getJson } from '../support/http.js';

let client: Client;
beforeAll(async () => {
  client = new Client({ name: 'e2e', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${baseUrl()}/mcp`)));
});
afterAll(async () => client?.close());

type Structured = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const call = async (name: string, args: Record<string, unknown>) => {
  const r = await client.callTool({ name, arguments: args });
  return {
    isError: r.isError === true,
    structured: r.structuredContent as Structured,
    text: (r.content as Array<{ text: string }>)[0]?.text ?? '',
  };
};

describe('MCP server over StreamableHTTP', () => {
  it('lists the four tools with input and output schemas', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual([
      'get-pricing',
      'get-test-details',
      'get-test-panels',
      'search-lab-tests',
    ]);
    for (const t of tools) {
      expect(t.description?.length).toBeGreaterThan(20);
      expect(t.inputSchema.type).toBe('object');
      expect(t.outputSchema?.type).toBe('object');
    }
  });

  it.each([
    ['cholesterol', 'lipid-panel'],
    ['thyroid', 'tsh'],
    ['a1c', 'hba1c'],
    ['vitamin d', 'vitamin-d-25-oh'],
  ])('search-lab-tests "%s" finds %s near the top', async (query, id) => {
    const r = await call('search-lab-tests', { query });
    expect(r.isError).toBe(false);
    const ids = r.structured.results.map((x: { id: string }) => x.id);
    expect(ids.slice(0, 5)).toContain(id);
    expect(r.text).toContain(id);
  });

  it.each([
    ['john.doe@example.com cholesterol'],
    ['cholesterol test for 415-555-0134'],
    ['my name is Jane Roe, thyroid'],
    ['I have chest pain and fatigue'],
    ['my ldl was 190 mg/dl'],
    ['a1c for ssn 123-45-6789'],
    ['lipid panel card 4242 4242 4242 4242'],
    ['thyroid MRN 00123456'],
    ['cholesterol member id XYZ123456789'],
    ['vitamin d, 1200 Market Street'],
    ['a1c for someone born March 3rd, 1984'],
  ])('refuses personal details: %s', async (query) => {
    const r = await call('search-lab-tests', { query });
    expect(r.isError).toBe(true);
    expect(r.text).toMatch(/product terms only/);
    expect(r.text).not.toContain('Jane');
    expect(r.text).not.toContain('0134');
  });

  it('never echoes what the caller typed: a bare name that no check recognises is not repeated back', async () => {
    const search = await call('search-lab-tests', { query: 'Zbigniew Quixotedottir' });
    expect(search.isError).toBe(false);
    expect(search.structured).toEqual({ results: [] });
    const details = await call('get-test-details', { testId: 'quixotedottir' });
    const panels = await call('get-test-panels', { category: 'Quixotedottir' });
    for (const r of [search, details, panels]) expect(JSON.stringify(r)).not.toMatch(/quixotedottir/i);
    expect(details.isError).toBe(true);
    expect(panels.isError).toBe(true);
  });

  it('get-test-details and get-test-panels', async () => {
    const d = await call('get-test-details', { testId: 'lipid-panel' });
    expect(d.structured).toMatchObject({ id: 'lipid-panel', type: 'test', fastingRequired: true });
    expect(d.structured.biomarkers.length).toBeGreaterThan(2);
    const unknown = await call('get-test-details', { testId: 'no-such-test' });
    expect(unknown.isError).toBe(true);
    const panels = await call('get-test-panels', { category: 'Heart Health' });
    expect(panels.structured.panels.length).toBeGreaterThan(0);
    for (const p of panels.structured.panels) expect(p.savingsCents).toBeGreaterThan(0);
    const none = await call('get-test-panels', { category: 'Astrology' });
    expect(none.isError).toBe(true);
  });

  it('get-pricing matches the public quote to the cent, fee once, eligibility included', async () => {
    const ids = ['lipid-panel', 'hba1c', 'heart-health-panel'];
    const mcp = await call('get-pricing', { testIds: ids, state: 'ca' });
    const quote = await getJson(`/api/public/v1/quote?items=${ids.join(',')}&state=ca`);
    expect(mcp.structured.totalCents).toBe(quote.body.totalCents);
    expect(mcp.structured.subtotalCents).toBe(quote.body.subtotalCents);
    expect(mcp.structured.orderFee).toEqual(quote.body.orderFee);
    expect(mcp.structured.eligibility).toEqual(quote.body.eligibility);
    const restricted = await call('get-pricing', { testIds: ['cbc'], state: 'NY' });
    expect(restricted.structured.eligibility).toMatchObject({ available: false, reason: 'state_restricted' });
  });

  it('bad arguments are tool errors, never crashes', async () => {
    expect((await call('get-pricing', { testIds: ['no-such'] })).isError).toBe(true);
    expect((await call('get-pricing', { testIds: ['cbc'], state: 'ZZ' })).isError).toBe(true);
    const bad = await client
      .callTool({ name: 'get-pricing', arguments: { testIds: 'cbc' } })
      .catch((e: Error) => ({ isError: true, err: e.message }));
    expect(bad.isError).toBe(true);
  });
});
