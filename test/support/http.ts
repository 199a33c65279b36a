import { inject } from 'vitest';
import { contractViolation } from './contract.js';

export function baseUrl(): string {
  return inject('baseUrl');
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export interface JsonResponse<T = any> {
  status: number;
  headers: Headers;
  body: T;
}

/** fetch + JSON decode; never throws on an HTTP error status. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function getJson<T = any>(path: string, init: RequestInit = {}): Promise<JsonResponse<T>> {
  const res = await fetch(`${baseUrl()}${path}`, { redirect: 'manual', ...init });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    // Not JSON: the raw text is returned for the assertion to inspect.
  }
  // Every response an end-to-end test receives from a documented route must match the document.
  const violation = contractViolation(
    (init.method ?? 'GET').toUpperCase(),
    res.url || `${baseUrl()}${path}`,
    res.status,
    res.headers.get('content-type'),
    body,
  );
  if (violation) throw new Error(`contract violation: ${violation}`);
  return { status: res.status, headers: res.headers, body: body as T };
}

/** A GET that leaves redirects unfollowed, optionally asking for one representation (HTML or Markdown pages). */
export const getPage = (path: string, accept?: string) =>
  fetch(`${baseUrl()}${path}`, { redirect: 'manual', headers: accept ? { Accept: accept } : {} });
