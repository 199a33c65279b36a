import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * What a cursor is bound to: the partner, and the externalId filter, which picks the index the
 * position belongs to (a position from one index means nothing in another).
 */
export interface CursorScope {
  partnerId: string;
  externalId: string | null;
}

/**
 * Opaque list cursors: the store position, bound to its scope and signed, so a cursor from
 * another partner, another filter, or an edited one is refused instead of leaking another
 * partner's orders or reaching the store as a position it cannot read.
 */
export function encodeCursor(secret: string, scope: CursorScope, position: string): string {
  const payload = Buffer.from(JSON.stringify({ p: scope.partnerId, x: scope.externalId, k: position })).toString(
    'base64url',
  );
  const sig = createHmac('sha256', secret).update(payload).digest('base64url');
  return `${payload}.${sig}`;
}

export function decodeCursor(secret: string, scope: CursorScope, cursor: string): string | null {
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
    const parsed = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as {
      p?: unknown;
      x?: unknown;
      k?: unknown;
    };
    const sameScope = parsed.p === scope.partnerId && (parsed.x ?? null) === scope.externalId;
    return sameScope && typeof parsed.k === 'string' ? parsed.k : null;
  } catch {
    return null;
  }
}
