import { deflateSync, gzipSync } from 'node:zlib';
import type { IncomingHttpHeaders } from 'node:http';

// API Gateway's `minimumCompressionSize: 1024`, as the stack sets it on every REST API: answers
// above it are compressed with the first of gzip or deflate the client accepts (its two codings).
export const MIN_COMPRESSION_BYTES = 1024;
const COMPRESSIBLE = /^(application\/(json|problem\+json|xml|javascript)|text\/)/i;

type Coding = 'gzip' | 'deflate';

function accepted(acceptEncoding: string | undefined): Coding | null {
  const q = new Map<string, number>();
  for (const part of (acceptEncoding ?? '').toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    const weight = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    if (name) q.set(name, weight === undefined ? 1 : Number(weight));
  }
  const weight = (c: string) => q.get(c) ?? q.get('*') ?? 0;
  const best = (['gzip', 'deflate'] as const).filter((c) => weight(c) > 0).sort((a, b) => weight(b) - weight(a));
  return best[0] ?? null;
}

// Catalogue and document answers repeat byte for byte (their strong ETag says so): each is
// encoded once, as bytes and compressed (bounded cache).
const encoded = new Map<string, Buffer>();
const MAX_CACHED = 64;

function cached(key: string, encode: () => Buffer): Buffer {
  let body = encoded.get(key);
  if (!body) {
    body = encode();
    if (encoded.size >= MAX_CACHED) encoded.clear();
    encoded.set(key, body);
  }
  return body;
}

/**
 * The answer as API Gateway would send it to this client: compressed when it is over the
 * threshold, of a textual type, not already encoded, and the client accepts gzip or deflate.
 */
export function compressForClient(
  request: IncomingHttpHeaders,
  headers: Record<string, string | number | boolean>,
  payload: string | Buffer,
): { headers: Record<string, string | number | boolean>; payload: string | Buffer } {
  const get = (name: string) => Object.entries(headers).find(([k]) => k.toLowerCase() === name)?.[1];
  const etag = get('etag');
  const coding = accepted(request['accept-encoding']);
  const compressible =
    coding !== null && get('content-encoding') === undefined && COMPRESSIBLE.test(String(get('content-type') ?? ''));
  const raw = () => (typeof payload === 'string' ? Buffer.from(payload) : payload);
  // A 304 carries the tag with no body: only a whole answer is kept under its tag.
  const tagged = etag !== undefined && payload.length > 0;
  const bytes = tagged ? cached(`identity ${String(etag)}`, raw) : raw();
  if (!compressible || bytes.length <= MIN_COMPRESSION_BYTES) return { headers, payload: bytes };
  const encode = () => (coding === 'gzip' ? gzipSync(payload) : deflateSync(payload));
  const body = !tagged ? encode() : cached(`${coding} ${String(etag)}`, encode);
  const vary = get('vary');
  const varyKey = Object.keys(headers).find((k) => k.toLowerCase() === 'vary') ?? 'Vary';
  return {
    headers: {
      ...headers,
      'Content-Encoding': coding,
      [varyKey]: vary === undefined ? 'Accept-Encoding' : `${String(vary)}, Accept-Encoding`,
    },
    payload: body,
  };
}
