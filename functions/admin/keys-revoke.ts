import { operatorHandler, pathParam } from '../../shared/http/partner-handler.js';
import { json } from '../../shared/http/respond.js';
import { ApiError } from '../../shared/http/errors.js';
import { keyView } from '../../shared/http/views.js';
import { clock, partnerStore } from '../../shared/composition.js';

/** Revokes a key at once: the authorizer does not cache, so the next request with it is refused. */
export const handler = operatorHandler({ action: 'key.revoked', pathId: 'partnerId' }, async (event) => {
  const key = await partnerStore().getKey(pathParam(event, 'id'), pathParam(event, 'keyId'));
  if (!key) throw new ApiError('not_found', 'No such key.');
  const revokedAt = key.revokedAt ?? clock().now().toISOString();
  if (!key.revokedAt) await partnerStore().revokeKey(key, revokedAt);
  return json(200, { ...keyView(key), revokedAt });
});
