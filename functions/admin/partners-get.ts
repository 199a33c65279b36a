import { operatorHandler, pathParam } from '../../shared/http/partner-handler.js';
import { json } from '../../shared/http/respond.js';
import { ApiError } from '../../shared/http/errors.js';
import { keyView, partnerView } from '../../shared/http/views.js';
import { partnerStore } from '../../shared/composition.js';

export const handler = operatorHandler({ action: 'partner.read', pathId: 'partnerId' }, async (event) => {
  const partner = await partnerStore().get(pathParam(event, 'id'));
  if (!partner) throw new ApiError('not_found', 'No such partner.');
  // The keys as listed: ids to revoke by, never the key or its hash.
  return json(200, { ...partnerView(partner), keys: (await partnerStore().listKeys(partner.id)).map(keyView) });
});
