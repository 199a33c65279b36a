import { validationError } from './errors.js';
import { decodeCursor, encodeCursor } from '../domain/cursor.js';

export const DEFAULT_PAGE_SIZE = 50;

/**
 * Signed cursors for the operator's list views, bound to the view and its filter (`scope`), so a
 * cursor from another view or filter, or an edited one, is refused rather than read as a position.
 */
export function operatorPaging(secret: string, view: string, filter: string, cursor: string | undefined) {
  const scope = { partnerId: `operator:${view}`, externalId: filter };
  const startKey = cursor ? decodeCursor(secret, scope, cursor) : null;
  if (cursor && startKey === null)
    throw validationError(
      { cursor: 'is not a cursor this API issued for this list and filter' },
      'A query parameter is invalid.',
    );
  return { startKey, next: (key: string | null) => (key ? encodeCursor(secret, scope, key) : null) };
}
