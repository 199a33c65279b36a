import { operatorHandler, pathParam, type AuditedEdgeDeps } from '../../shared/http/partner-handler.js';
import { json } from '../../shared/http/respond.js';
import { ApiError } from '../../shared/http/errors.js';
import { parseJsonBody, parseOrThrow } from '../../shared/http/schemas/parse.js';
import { createKeySchema } from '../../shared/http/schemas/admin.js';
import { generateApiKey, hashApiKey } from '../../shared/domain/partner.js';
import { newId } from '../../shared/domain/ids.js';
import type { ServiceDeps } from '../../shared/app/service-deps.js';

/** What this handler needs from the composition root (its entry in lambdas/ passes them). */
type Deps = AuditedEdgeDeps & Pick<ServiceDeps, 'clock' | 'partnerStore'>;

const AUDIT = { action: 'key.created', pathId: 'partnerId', fromAnswer: { subjectId: 'id' } } as const;

/** Issues a key. The full key is in this response only; the store keeps its SHA-256. */
export const makeHandler = (deps: Deps) =>
  operatorHandler(deps, AUDIT, async (event) => {
    const { environment } = parseOrThrow(createKeySchema, parseJsonBody(event.body));
    const partnerId = pathParam(event, 'id');
    const now = deps.clock().now();
    const key = generateApiKey(environment);
    const record = {
      id: newId('key', now),
      partnerId,
      environment,
      hash: hashApiKey(key),
      last4: key.slice(-4),
      createdAt: now.toISOString(),
      revokedAt: null,
    };
    // One read of the partner (the store's, which the write needs anyway): none, no key.
    const added = await deps.partnerStore().addKey(record, { ifPartnerExists: true });
    if (added === 'no_partner') throw new ApiError('not_found', 'No such partner.');
    if (added === 'too_many_keys') throw new ApiError('too_many_keys');
    return json(201, { id: record.id, key, environment, createdAt: record.createdAt });
  });
