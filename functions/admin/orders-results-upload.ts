import { operatorHandler, pathParam, type AuditedEdgeDeps } from '../../shared/http/partner-handler.js';
import { json } from '../../shared/http/respond.js';
import { ApiError } from '../../shared/http/errors.js';
import { uploadError } from '../../shared/http/outcomes.js';
import { parseJsonBody, parseOrThrow } from '../../shared/http/schemas/partner.js';
import { resultsUploadSchema } from '../../shared/http/schemas/results-upload.js';
import { PUBLIC_STATUS } from '../../shared/domain/order.js';
import { uploadResults } from '../../shared/app/upload-results.js';
import { indexCatalog } from '../../shared/domain/catalog.js';
import type { ServiceDeps } from '../../shared/app/service-deps.js';

/** What this handler needs from the composition root (its entry in lambdas/ passes them). */
type Deps = AuditedEdgeDeps & Pick<ServiceDeps, 'catalogStore' | 'recordResultsDeps'>;

/** POST /admin/v1/orders/{id}/results (shared/app/upload-results.ts). */
export const makeHandler = (deps: Deps) =>
  operatorHandler(deps, { action: 'results.uploaded', pathId: 'orderId' }, async (event, _context, note) => {
    const input = parseOrThrow(resultsUploadSchema, parseJsonBody(event.body));
    const pdfs = input.pdfs.map((p) => ({
      label: p.label,
      bytes: new Uint8Array(Buffer.from(p.contentBase64, 'base64')),
    }));
    if (pdfs.some((p) => Buffer.from(p.bytes.slice(0, 5)).toString('latin1') !== '%PDF-'))
      throw new ApiError('validation_error', 'Every uploaded document must be a PDF.', {
        details: { fields: { pdfs: 'must be PDF documents' } },
      });
    const flow = {
      ...deps.recordResultsDeps(),
      catalog: async () => indexCatalog(await deps.catalogStore().get()),
    };
    // The success record is written in the order's own transaction with the results (under its partner too).
    const outcome = await uploadResults(
      flow,
      { orderId: pathParam(event, 'id'), analytes: input.analytes, pdfs },
      note.withChange(),
    );
    if (outcome.kind !== 'recorded') throw uploadError(outcome);
    return json(200, {
      orderId: outcome.order.id,
      status: PUBLIC_STATUS[outcome.order.state],
      analytes: outcome.analytes,
    });
  });
