import { describe, expect, it } from 'vitest';
import { csrfToken, csrfValid, newSession, openSession, sealSession } from '../../shared/domain/dashboard-session.js';

const SECRET = 'a-test-secret-of-some-length';
const now = new Date('2026-05-01T10:00:00Z');

describe('dashboard session tokens', () => {
  it('opens what it sealed, until it expires by the given clock', () => {
    const s = newSession('ptn_1', 'key_1', now, 30);
    const token = sealSession(SECRET, s);
    expect(openSession(SECRET, token, now)).toEqual(s);
    expect(openSession(SECRET, token, new Date(now.getTime() + 29 * 60_000))).toEqual(s);
    expect(openSession(SECRET, token, new Date(now.getTime() + 30 * 60_000))).toBeNull();
  });

  it('refuses a token signed with another secret, tampered, or malformed', () => {
    const token = sealSession(SECRET, newSession('ptn_1', 'key_1', now, 30));
    expect(openSession('another-secret-entirely', token, now)).toBeNull();
    const [body, sig] = token.split('.') as [string, string];
    const forged = Buffer.from(JSON.stringify(['ptn_2', 'key_1', 9_999_999_999, 'x'])).toString('base64url');
    expect(openSession(SECRET, `${forged}.${sig}`, now)).toBeNull();
    expect(openSession(SECRET, `${body}.${sig}x`, now)).toBeNull();
    for (const junk of ['', '.', 'a.b.c', null, undefined, `${body}`])
      expect(openSession(SECRET, junk, now)).toBeNull();
  });

  it('binds the CSRF token to the session', () => {
    const a = newSession('ptn_1', 'key_1', now, 30);
    const b = newSession('ptn_1', 'key_1', now, 30);
    expect(csrfValid(SECRET, a, csrfToken(SECRET, a))).toBe(true);
    expect(csrfValid(SECRET, a, csrfToken(SECRET, b))).toBe(false);
    expect(csrfValid(SECRET, a, null)).toBe(false);
    expect(csrfValid(SECRET, a, '')).toBe(false);
  });
});
