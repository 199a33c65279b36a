import { createHash } from 'node:crypto';
import type { MiddlewareObj } from '@middy/core';
import type { Context } from 'aws-lambda';
import { header, type HttpEvent, type HttpResult } from './respond.js';

type Mw = MiddlewareObj<HttpEvent, HttpResult, Error, Context>;

/** A strong validator: the same bytes always give the same tag, different bytes never do. */
export function strongEtag(body: string): string {
  return `"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"`;
}

const built = new Map<string, { body: string; etag: string }>();
// Keys carry the request's origin and free query values, so the cache is bounded: a caller
// varying them cannot grow memory, it only costs a rebuild.
const MAX_BUILT = 64;

/**
 * A JSON answer that depends only on its key (the catalogue version, the origin, the locale...):
 * encoded and tagged once per key, so a warm container answers it without rebuilding anything.
 */
export function cachedJson(
  key: string,
  build: () => unknown,
  headers: Record<string, string> = {},
  statusCode = 200,
): HttpResult {
  return cachedText(key, () => JSON.stringify(build()), headers, statusCode);
}

/** cachedJson for a body that is already JSON text. */
export function cachedText(
  key: string,
  build: () => string,
  headers: Record<string, string> = {},
  statusCode = 200,
): HttpResult {
  let hit = built.get(key);
  if (!hit) {
    const body = build();
    hit = { body, etag: strongEtag(body) };
    if (built.size >= MAX_BUILT) built.clear();
    built.set(key, hit);
  }
  return {
    statusCode,
    headers: { 'Content-Type': 'application/json; charset=utf-8', ...headers, ETag: hit.etag },
    body: hit.body,
  };
}

function headerKey(headers: Record<string, unknown>, name: string): string | undefined {
  return Object.keys(headers).find((k) => k.toLowerCase() === name);
}

/** If-None-Match compares weakly (RFC 9110 13.1.2): W/"x" matches "x"; `*` matches any tag. */
function matches(ifNoneMatch: string, etag: string): boolean {
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((t) => t.trim() === '*' || bare(t) === bare(etag));
}

/**
 * Revalidation for cacheable GET answers: each 200 carries a strong ETag (the handler's, or one
 * made from the body), and a request whose If-None-Match names it gets `304 Not Modified` with no
 * body. Use it right after the access log, so it sees the answer's final headers.
 */
export function conditional(): Mw {
  return {
    after: async (request) => {
      const response = request.response;
      const method = request.event.httpMethod;
      if (!response || response.statusCode !== 200 || (method !== 'GET' && method !== 'HEAD')) return;
      if (response.isBase64Encoded || typeof response.body !== 'string') return;
      const headers = (response.headers ??= {});
      const cacheControl = headerKey(headers, 'cache-control');
      if (cacheControl && /no-store/i.test(String(headers[cacheControl]))) return;
      const etagKey = headerKey(headers, 'etag') ?? 'ETag';
      const etag = String(headers[etagKey] ?? strongEtag(response.body));
      headers[etagKey] = etag;
      const ifNoneMatch = header(request.event, 'if-none-match');
      if (ifNoneMatch && matches(ifNoneMatch, etag)) request.response = { ...response, statusCode: 304, body: '' };
    },
  };
}
