import { ApiError } from './errors.js';
import type { PublicQueryError } from '../domain/public-query.js';

/**
 * Turns a decoding failure into the public error, with a message that names what is wrong. A
 * repeated single-valued parameter reads as its values comma-joined, which its own check refuses.
 */
export function publicQueryError(e: PublicQueryError, repeated: string[] = []): ApiError {
  if (e.code === 'invalid_state' && repeated.includes('state'))
    return new ApiError('invalid_state', 'state was given more than once: give one 2-letter US state code.');
  if (e.code === 'invalid_item_id' && repeated.includes('item'))
    return new ApiError('invalid_item_id', 'item was given more than once: ask about one item at a time.', {
      ids: e.ids,
    });
  switch (e.code) {
    case 'missing_items':
      return new ApiError('missing_items');
    case 'too_many_items':
      return new ApiError('too_many_items', `Too many items: ${e.count} distinct ids given, at most 50 allowed.`);
    case 'invalid_item_id':
      return new ApiError(
        'invalid_item_id',
        `Malformed item ids: ${e.ids.join(', ')}. Ids are lowercase slugs such as "cbc".`,
        { ids: e.ids },
      );
    case 'unknown_items':
      return new ApiError('unknown_items', `Not in the catalogue: ${e.ids.join(', ')}.`, { ids: e.ids });
    case 'invalid_state':
      return new ApiError('invalid_state');
    case 'missing_state':
      return new ApiError('missing_state');
  }
}
