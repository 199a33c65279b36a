import { header, type HttpEvent, type HttpResult } from './respond.js';
import { STYLE_HASH } from '../pages/document.js';

/**
 * The policy a page runs under. `site` is every page the service renders itself: scripts from our
 * own origin only, no inline script, one hashed inline stylesheet. `reference` is for a page that
 * runs a self-hosted renderer that injects its own styles (the API reference).
 */
export type CspProfile = 'site' | 'reference';

const CSP: Record<CspProfile, string> = {
  site: [
    "default-src 'self'",
    "script-src 'self'",
    `style-src 'self' '${STYLE_HASH}'`,
    "img-src 'self' data:",
    "connect-src 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    "base-uri 'none'",
    "object-src 'none'",
  ].join('; '),
  reference: [
    "default-src 'self'",
    "script-src 'self'",
    // The renderer sets element styles at run time.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; '),
};

/** The API reference page's policy (functions/pages/docs.ts sends it with the page). */
export const REFERENCE_CSP = CSP.reference;

/** HTTPS as the caller saw it: API Gateway sets X-Forwarded-Proto itself (the local runtime says http). */
export function overHttps(event: HttpEvent): boolean {
  return header(event, 'x-forwarded-proto') === 'https';
}

/** The headers every answer of a page route carries; HSTS only over HTTPS (that is, in AWS). */
export function pageSecurityHeaders(event: HttpEvent, profile: CspProfile): Record<string, string> {
  return {
    'Content-Security-Policy': CSP[profile],
    'X-Frame-Options': 'DENY',
    'Referrer-Policy': 'same-origin',
    'X-Content-Type-Options': 'nosniff',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=()',
    ...(overHttps(event) ? { 'Strict-Transport-Security': 'max-age=31536000; includeSubDomains' } : {}),
  };
}

export function withSecurityHeaders(event: HttpEvent, result: HttpResult, profile: CspProfile): HttpResult {
  return { ...result, headers: { ...pageSecurityHeaders(event, profile), ...(result.headers ?? {}) } };
}
