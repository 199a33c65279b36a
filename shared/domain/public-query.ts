// Decoding of the public quote and availability queries into domain inputs, with the error
// precedence documented in the README: missing_items, too_many_items, invalid_item_id,
// unknown_items, invalid_state, missing_state. The first rule that fails wins, so the same input
// always gives the same error.
import { normalizeStateCode, type UsStateCode } from './us-states.js';

export const ITEM_ID_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const MAX_ITEM_ID_LENGTH = 64;

export type PublicQueryError =
  | { code: 'missing_items' }
  | { code: 'too_many_items'; count: number }
  | { code: 'invalid_item_id'; ids: string[] }
  | { code: 'unknown_items'; ids: string[] }
  | { code: 'invalid_state' }
  | { code: 'missing_state' };

type Result<T> = { ok: true; value: T } | { ok: false; error: PublicQueryError };

/** Splits a comma-separated id list; ids are trimmed and lower-cased, empty segments dropped, duplicates ignored. */
export function splitIds(raw: string): string[] {
  return [
    ...new Set(
      raw
        .split(',')
        .map((s) => s.trim().toLowerCase())
        .filter((s) => s.length > 0),
    ),
  ];
}

function checkIds(ids: string[], isKnown: (id: string) => boolean): PublicQueryError | null {
  const malformed = ids.filter((id) => id.length > MAX_ITEM_ID_LENGTH || !ITEM_ID_PATTERN.test(id));
  if (malformed.length > 0) return { code: 'invalid_item_id', ids: malformed };
  const unknown = ids.filter((id) => !isKnown(id));
  if (unknown.length > 0) return { code: 'unknown_items', ids: unknown };
  return null;
}

function decodeState(raw: string | undefined): Result<UsStateCode | null> {
  if (raw === undefined) return { ok: true, value: null };
  const state = /^[A-Za-z]{2}$/.test(raw) ? normalizeStateCode(raw) : null;
  return state ? { ok: true, value: state } : { ok: false, error: { code: 'invalid_state' } };
}

export function decodeQuoteQuery(
  query: { items?: string; state?: string },
  isKnown: (id: string) => boolean,
  maxItems: number,
): Result<{ ids: string[]; state: UsStateCode | null }> {
  const ids = splitIds(query.items ?? '');
  if (ids.length === 0) return { ok: false, error: { code: 'missing_items' } };
  if (ids.length > maxItems) return { ok: false, error: { code: 'too_many_items', count: ids.length } };
  const idError = checkIds(ids, isKnown);
  if (idError) return { ok: false, error: idError };
  const state = decodeState(query.state);
  if (!state.ok) return state;
  return { ok: true, value: { ids, state: state.value } };
}

export function decodeAvailabilityQuery(
  query: { state?: string; item?: string },
  isKnown: (id: string) => boolean,
): Result<{ itemId: string | null; state: UsStateCode }> {
  let itemId: string | null = null;
  if (query.item !== undefined && query.item.trim() !== '') {
    itemId = query.item.trim().toLowerCase();
    const idError = checkIds([itemId], isKnown);
    if (idError) return { ok: false, error: idError };
  }
  if (query.state === undefined || query.state.trim() === '') return { ok: false, error: { code: 'missing_state' } };
  const state = decodeState(query.state);
  if (!state.ok) return state;
  return { ok: true, value: { itemId, state: state.value as UsStateCode } };
}
