import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Opaque list cursors: the store position, bound to the partner and signed, so a cursor from
 * another partner, or an edited one, is refused instead of leaking another partner's orders.
 */
export function encodeCursor(secret: string, partnerId: string, position: string): string {
  const payload = Buffer.from(JSON.stringify({ p: partnerId, k: position })).toString('base64url');
  const sig = createHmac('sha256', secret).update(payload).digest('base64url');
  return `${payload}.${sig}`;
}

export function decodeCursor(secret: string, partnerId: string, cursor: string): string | null {
  const [payload, sig] = cursor.split('.');
  if (!payload || !sig) return null;
  const expected = createHmac('sha256', secret).update(payload).digest();
  let given: Buffer;
  try {
    given = Buffer.from(sig, 'base64url');
  } catch {
    return null;
  }
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const parsed = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { p?: unknown; k?: unknown };
    return parsed.p === partnerId && typeof parsed.k === 'string' ? parsed.k : null;
  } catch {
    return null;
  }
}
