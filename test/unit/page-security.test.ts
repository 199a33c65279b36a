import { describe, expect, it } from 'vitest';
import type { HttpEvent } from '../../shared/http/respond.js';
import { pageSecurityHeaders } from '../../shared/http/page-security.js';

const event = (proto: string) => ({ headers: { 'X-Forwarded-Proto': proto } }) as unknown as HttpEvent;

describe('page security headers', () => {
  it('HSTS only over HTTPS (API Gateway in AWS), never on the local http runtime', () => {
    expect(pageSecurityHeaders(event('https'), 'site')['Strict-Transport-Security']).toBe(
      'max-age=31536000; includeSubDomains',
    );
    expect(pageSecurityHeaders(event('http'), 'site')['Strict-Transport-Security']).toBeUndefined();
  });

  it('no inline script under either policy; the reference page may add inline styles only', () => {
    const site = pageSecurityHeaders(event('https'), 'site')['Content-Security-Policy'] as string;
    const reference = pageSecurityHeaders(event('https'), 'reference')['Content-Security-Policy'] as string;
    for (const csp of [site, reference]) {
      expect(csp).toContain("script-src 'self';");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("connect-src 'self'");
    }
    expect(site).not.toContain('unsafe-inline');
    expect(site).toMatch(/style-src 'self' 'sha256-[A-Za-z0-9+/=]+'/);
    expect(reference).toContain("style-src 'self' 'unsafe-inline'");
  });
});
