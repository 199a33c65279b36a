import { operatorHandler, type AuditedEdgeDeps } from '../../shared/http/partner-handler.js';
import { json } from '../../shared/http/respond.js';
import { ingestError } from '../../shared/http/outcomes.js';
import { ingestResults } from '../../shared/app/ingest-results.js';
import type { ServiceDeps } from '../../shared/app/service-deps.js';

/** What this handler needs from the composition root (its entry in lambdas/ passes them). */
type Deps = AuditedEdgeDeps & Pick<ServiceDeps, 'recordResultsDeps'>;

const AUDIT = { action: 'results.ingested', fromAnswer: { orderId: 'orderId' } } as const;

/**
 * POST /admin/v1/lab/oru: the inbound interface for electronic results, an HL7 v2 ORU^R01
 * message as the raw body. A message that cannot be parsed is refused whole (nothing stored),
 * with the problem named.
 */
export const makeHandler = (deps: Deps) =>
  operatorHandler(deps, AUDIT, async (event, _context, note) => {
    const body =
      event.isBase64Encoded && event.body ? Buffer.from(event.body, 'base64').toString('latin1') : (event.body ?? '');
    const outcome = await ingestResults(deps.recordResultsDeps(), body);
    if (outcome.kind !== 'ingested') throw ingestError(outcome);
    const { orderId, partnerId, analytes, report } = outcome;
    // The audit files the ingestion under the order's partner too: named here, it is not looked up again.
    note.about({ orderId, partnerId });
    return json(200, { ok: true, orderId, analytes, report });
  });
