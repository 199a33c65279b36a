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
    // The success record is written in the order's own transaction with the results (under its partner too).
    const outcome = await ingestResults(deps.recordResultsDeps(), body, { audit: note.withChange() });
    if (outcome.kind !== 'ingested') throw ingestError(outcome);
    const { order, analytes, report } = outcome;
    return json(200, { ok: true, orderId: order.id, analytes, report });
  });
