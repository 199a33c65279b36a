import { request } from 'node:http';
import { gunzipSync, inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { baseUrl } from '../support/http.js';

interface Raw {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

// node:http, not fetch: fetch decodes answers itself, and these tests are about the bytes sent.
function raw(path: string, headers: Record<string, string> = {}): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = request(`${baseUrl()}${path}`, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

const cacheable = [
  '/api/public/v1/openapi.json',
  '/api/v1/openapi.json',
  '/api/tests',
  '/api/catalog',
  '/api/catalog?locale=es&utm_medium=chat',
  '/',
  '/tests',
  '/tests/lipid-panel',
];

describe('compression (API Gateway minimumCompressionSize 1024, the same locally)', () => {
  it.each(cacheable)('%s: gzip and deflate answers decompress to the identity bytes', async (path) => {
    const identity = await raw(path, { 'Accept-Encoding': 'identity' });
    expect(identity.status).toBe(200);
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.body.length).toBeGreaterThan(1024);
    const gzip = await raw(path, { 'Accept-Encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.headers.vary).toMatch(/Accept-Encoding/);
    expect(gzip.body.length).toBeLessThan(identity.body.length);
    expect(gunzipSync(gzip.body).equals(identity.body)).toBe(true);
    const deflate = await raw(path, { 'Accept-Encoding': 'deflate;q=1, gzip;q=0.5' });
    expect(deflate.headers['content-encoding']).toBe('deflate');
    expect(inflateSync(deflate.body).equals(identity.body)).toBe(true);
  });

  it('answers of 1 KB or less, and clients that accept no coding, get the bytes as they are', async () => {
    const small = await raw('/healthz', { 'Accept-Encoding': 'gzip' });
    expect(small.status).toBe(200);
    expect(small.body.length).toBeLessThanOrEqual(1024);
    expect(small.headers['content-encoding']).toBeUndefined();
    const none = await raw('/api/tests');
    expect(none.headers['content-encoding']).toBeUndefined();
    expect(() => JSON.parse(none.body.toString('utf8'))).not.toThrow();
  });
});

describe('revalidation: strong ETags and 304 on If-None-Match', () => {
  it.each(cacheable)('%s carries a strong ETag and answers 304 to it', async (path) => {
    const first = await raw(path, { 'Accept-Encoding': 'gzip' });
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    // The same bytes give the same tag: the answer is built once per catalogue version.
    const again = await raw(path);
    expect(again.headers.etag).toBe(etag);
    const revalidated = await raw(path, { 'If-None-Match': etag, 'Accept-Encoding': 'gzip' });
    expect(revalidated.status).toBe(304);
    expect(revalidated.body.length).toBe(0);
    expect(revalidated.headers.etag).toBe(etag);
    expect(revalidated.headers['cache-control']).toMatch(/^public, max-age=\d+$/);
    // A weak form of the tag and a list naming it match too; another tag does not.
    expect((await raw(path, { 'If-None-Match': `"other", W/${etag}` })).status).toBe(304);
    const changed = await raw(path, { 'If-None-Match': '"not-this-one"' });
    expect(changed.status).toBe(200);
    expect(changed.body.equals(again.body)).toBe(true);
  });

  it('different variants carry different tags', async () => {
    const en = await raw('/api/catalog');
    const es = await raw('/api/catalog?locale=es');
    expect(en.headers.etag).not.toBe(es.headers.etag);
  });

  it('answers that must not be stored carry no ETag and never answer 304', async () => {
    const cart = await raw('/cart?items=cbc', { 'If-None-Match': '*' });
    expect(cart.status).toBe(200);
    expect(cart.headers['cache-control']).toBe('no-store');
    expect(cart.headers.etag).toBeUndefined();
  });
});
