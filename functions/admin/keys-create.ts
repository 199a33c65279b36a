import { operatorHandler, pathParam } from '../../shared/http/partner-handler.js';
import { json } from '../../shared/http/respond.js';
import { ApiError } from '../../shared/http/errors.js';
import { parseJsonBody, parseOrThrow } from '../../shared/http/schemas/partner.js';
import { createKeySchema } from '../../shared/http/schemas/admin.js';
import { generateApiKey, hashApiKey } from '../../shared/domain/partner.js';
import { newId } from '../../shared/domain/ids.js';
import { clock, partnerStore } from '../../shared/composition.js';

const AUDIT = { action: 'key.created', pathId: 'partnerId', fromAnswer: { subjectId: 'id' } } as const;

/** Issues a key. The full key is in this response only; the store keeps its SHA-256. */
export const handler = operatorHandler(AUDIT, async (event) => {
  const { environment } = parseOrThrow(createKeySchema, parseJsonBody(event.body));
  const partner = await partnerStore().get(pathParam(event, 'id'));
  if (!partner) throw new ApiError('not_found', 'No such partner.');
  const now = clock().now();
  const key = generateApiKey(environment);
  const record = {
    id: newId('key', now),
    partnerId: partner.id,
    environment,
    hash: hashApiKey(key),
    last4: key.slice(-4),
    createdAt: now.toISOString(),
    revokedAt: null,
  };
  await partnerStore().addKey(record);
  return json(201, { id: record.id, key, environment, createdAt: record.createdAt });
});
