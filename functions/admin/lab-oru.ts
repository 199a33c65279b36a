import { operatorHandler } from '../../shared/http/partner-handler.js';
import { json } from '../../shared/http/respond.js';
import { ApiError, validationError } from '../../shared/http/errors.js';
import { ingestOru } from '../../shared/domain/lab-results.js';
import { auditedEdge, recordResultsDeps } from '../../shared/composition.js';

const AUDIT = { action: 'results.ingested', fromAnswer: { orderId: 'orderId' } } as const;

/**
 * POST /admin/v1/lab/oru: the inbound interface for electronic results, an HL7 v2 ORU^R01
 * message as the raw body. A message that cannot be parsed is refused whole (nothing stored),
 * with the problem named.
 */
export const handler = operatorHandler(auditedEdge, AUDIT, async (event) => {
  const body =
    event.isBase64Encoded && event.body ? Buffer.from(event.body, 'base64').toString('latin1') : (event.body ?? '');
  const outcome = await ingestOru(recordResultsDeps(), body);
  if (outcome.ok) return json(200, outcome);
  if (outcome.status === 404) throw new ApiError('not_found', 'No order matches the message’s placer order number.');
  if (outcome.status === 409) throw new ApiError('results_not_accepted', outcome.error);
  throw validationError({ '(body)': outcome.error }, `The ORU message was refused: ${outcome.error}.`);
});
