// The partner dashboard's session: a token the service signs (HMAC-SHA256) naming the API key the
// partner signed in with, so every request can re-check that key (a revoked key ends the session
// at once). It holds ids and times only, never the key itself.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export interface DashboardSession {
  partnerId: string;
  keyId: string;
  /** Unix seconds. */
  expiresAt: number;
  /** Random per sign-in: makes each session's token (and its CSRF token) unique. */
  nonce: string;
}

const derive = (secret: string, purpose: string) => createHmac('sha256', secret).update(purpose).digest();
const mac = (secret: string, purpose: string, data: string) =>
  createHmac('sha256', derive(secret, purpose)).update(data).digest('base64url');

function equal(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export function newSession(partnerId: string, keyId: string, now: Date, ttlMinutes: number): DashboardSession {
  return {
    partnerId,
    keyId,
    expiresAt: Math.floor(now.getTime() / 1000) + ttlMinutes * 60,
    nonce: randomBytes(12).toString('base64url'),
  };
}

export function sealSession(secret: string, s: DashboardSession): string {
  const body = Buffer.from(JSON.stringify([s.partnerId, s.keyId, s.expiresAt, s.nonce])).toString('base64url');
  return `${body}.${mac(secret, 'dashboard-session', body)}`;
}

/** The session a token names, or null when it is forged, malformed or past its time. */
export function openSession(secret: string, token: string | null | undefined, now: Date): DashboardSession | null {
  const [body, sig, ...rest] = (token ?? '').split('.');
  if (!body || !sig || rest.length || !equal(sig, mac(secret, 'dashboard-session', body))) return null;
  try {
    const [partnerId, keyId, expiresAt, nonce] = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as [
      unknown,
      unknown,
      unknown,
      unknown,
    ];
    if (typeof partnerId !== 'string' || typeof keyId !== 'string' || typeof nonce !== 'string') return null;
    if (typeof expiresAt !== 'number' || expiresAt * 1000 <= now.getTime()) return null;
    return { partnerId, keyId, expiresAt, nonce };
  } catch {
    return null;
  }
}

/** The CSRF token for a session: bound to it, so a token from another session is refused. */
export function csrfToken(secret: string, s: DashboardSession): string {
  return mac(secret, 'dashboard-csrf', `${s.partnerId}.${s.keyId}.${s.nonce}`);
}

export function csrfValid(secret: string, s: DashboardSession, given: string | null | undefined): boolean {
  return typeof given === 'string' && equal(given, csrfToken(secret, s));
}
