import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { opsClient, regionOf } from '../../tools/ops/client.js';

// The ops CLI's transports: a bearer locally; SigV4 (execute-api) for a deployed stage.
function capture() {
  const calls: Array<{ url: string; init: RequestInit }> = [];
  const fetchFn = (async (url: URL, init: RequestInit) => {
    calls.push({ url: String(url), init });
    return new Response(JSON.stringify({ ok: true }), { status: 200 });
  }) as unknown as typeof fetch;
  return { calls, fetchFn };
}

const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data).digest();

describe('ops client', () => {
  it('sends the admin token as a bearer', async () => {
    const { calls, fetchFn } = capture();
    await opsClient('http://127.0.0.1:3000/', { kind: 'bearer', token: 't0ken' }, fetchFn)('GET', '/partners?limit=2');
    expect(calls[0]?.url).toBe('http://127.0.0.1:3000/admin/v1/partners?limit=2');
    expect((calls[0]?.init.headers as Record<string, string>).authorization).toBe('Bearer t0ken');
  });

  it('signs with SigV4 for execute-api, and the signature verifies', async () => {
    const { calls, fetchFn } = capture();
    const credentials = { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'secret', sessionToken: 'session' };
    const url = 'https://abc123.execute-api.eu-west-1.amazonaws.com/v1';
    expect(regionOf(url)).toBe('eu-west-1');
    await opsClient(url, { kind: 'sigv4', region: 'eu-west-1', credentials }, fetchFn)('POST', '/partners', {
      name: 'A',
    });
    const headers = calls[0]?.init.headers as Record<string, string>;
    expect(calls[0]?.url).toBe(`${url}/admin/v1/partners`);
    expect(headers['x-amz-security-token']).toBe('session');
    const auth =
      /^AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE\/(\d{8})\/eu-west-1\/execute-api\/aws4_request, SignedHeaders=([^,]+), Signature=([0-9a-f]{64})$/.exec(
        headers.authorization ?? '',
      );
    expect(auth).not.toBeNull();
    const [, day, signedHeaders, signature] = auth as RegExpExecArray;
    expect(signedHeaders).toContain('host');
    // Recompute the signature from the request as sent (AWS's documented algorithm).
    const all: Record<string, string> = { ...headers, host: 'abc123.execute-api.eu-west-1.amazonaws.com' };
    const names = (signedHeaders as string).split(';');
    const body = calls[0]?.init.body as string;
    const canonical = [
      'POST',
      '/v1/admin/v1/partners',
      '',
      ...names.map((n) => `${n}:${all[n]}`),
      '',
      signedHeaders,
      createHash('sha256').update(body).digest('hex'),
    ].join('\n');
    const scope = `${day}/eu-west-1/execute-api/aws4_request`;
    const toSign = [
      'AWS4-HMAC-SHA256',
      headers['x-amz-date'],
      scope,
      createHash('sha256').update(canonical).digest('hex'),
    ].join('\n');
    let key = hmac(`AWS4${credentials.secretAccessKey}`, day as string);
    for (const part of ['eu-west-1', 'execute-api', 'aws4_request']) key = hmac(key, part);
    expect(hmac(key, toSign).toString('hex')).toBe(signature);
  });
});
