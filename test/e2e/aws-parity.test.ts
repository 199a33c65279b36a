import { describe, expect, it } from 'vitest';
import { baseUrl } from '../support/http.js';
import { synthesize } from '../support/synth.js';
import { ROUTES } from '../../shared/manifest/index.js';
import { errorSchemas, operationFor } from '../../shared/http/openapi/documents.js';

// Where AWS itself answers (the function URL, API Gateway), the local runtime and the documents
// must agree with what the stack deploys. A browser MCP client sends a preflight before its first
// POST: in AWS the Lambda function URL answers it from the CORS configuration the stack gives it.
const template = synthesize().template('production');

interface FunctionUrlCors {
  AllowOrigins?: string[];
  AllowMethods?: string[];
  AllowHeaders?: string[];
  ExposeHeaders?: string[];
  MaxAge?: number;
  AllowCredentials?: boolean;
}

/** What a function URL with this configuration answers a preflight from `origin` with. */
function functionUrlPreflight(cors: FunctionUrlCors, origin: string): Record<string, string | null> {
  const allowOrigin = cors.AllowOrigins?.includes('*') ? '*' : cors.AllowOrigins?.includes(origin) ? origin : null;
  return {
    'access-control-allow-origin': allowOrigin,
    'access-control-allow-methods': cors.AllowMethods?.join(',') ?? null,
    'access-control-allow-headers': cors.AllowHeaders?.join(',') ?? null,
    'access-control-max-age': cors.MaxAge !== undefined ? String(cors.MaxAge) : null,
    'access-control-allow-credentials': cors.AllowCredentials ? 'true' : null,
  };
}

describe('OPTIONS /mcp', () => {
  const urls = template.findResources('AWS::Lambda::Url');
  const cors = (Object.values(urls)[0] as { Properties: { Cors: FunctionUrlCors } }).Properties.Cors;

  it('the stack gives the MCP function URL a CORS configuration for browsers', () => {
    expect(Object.keys(urls)).toHaveLength(1);
    expect(cors.AllowMethods).toContain('POST');
    expect(cors.AllowHeaders).toEqual(expect.arrayContaining(['content-type', 'mcp-protocol-version']));
  });

  it('is answered locally exactly as the synthesized function URL configuration answers it', async () => {
    const origin = 'https://chat.example.org';
    const res = await fetch(`${baseUrl()}/mcp`, {
      method: 'OPTIONS',
      headers: {
        Origin: origin,
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'content-type,mcp-protocol-version',
      },
    });
    expect(res.status).toBe(200);
    const expected = functionUrlPreflight(cors, origin);
    const got = Object.fromEntries(Object.keys(expected).map((h) => [h, res.headers.get(h)]));
    expect(got).toEqual(expected);
  });

  it('then lets the browser read the POST answer', async () => {
    const res = await fetch(`${baseUrl()}/mcp`, {
      method: 'POST',
      headers: {
        Origin: 'https://chat.example.org',
        'Content-Type': 'application/json',
        Accept: 'application/json, text/event-stream',
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
  });
});

describe('a throttled partner', () => {
  it('gets the documented 429 from API Gateway: rate_limited in the partner error shape, with Retry-After', () => {
    const responses = Object.values(
      template.findResources('AWS::ApiGateway::GatewayResponse', { Properties: { ResponseType: 'THROTTLED' } }),
    ) as Array<{ Properties: { StatusCode: string; ResponseParameters: object; ResponseTemplates: object } }>;
    expect(responses).toHaveLength(1);
    const [throttled] = responses;
    expect(throttled?.Properties.StatusCode).toBe('429');
    expect(throttled?.Properties.ResponseParameters).toHaveProperty(['gatewayresponse.header.Retry-After']);
    const body = JSON.parse((throttled?.Properties.ResponseTemplates as Record<string, string>)['application/json']!);
    for (const route of ROUTES.filter((r) => r.auth === 'partner')) {
      const op = operationFor(route)!;
      expect(errorSchemas(route, op).get(429)?.schema.safeParse(body).success, op.operationId).toBe(true);
    }
  });
});
