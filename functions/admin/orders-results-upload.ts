import { operatorHandler, pathParam } from '../../shared/http/partner-handler.js';
import { json } from '../../shared/http/respond.js';
import { ApiError } from '../../shared/http/errors.js';
import { parseJsonBody, parseOrThrow } from '../../shared/http/schemas/partner.js';
import { resultsUploadSchema } from '../../shared/http/schemas/admin.js';
import { recordResults } from '../../shared/domain/record-results.js';
import { flagFromRange } from '../../shared/domain/results/flags.js';
import { parseRange } from '../../shared/domain/results/hl7-values.js';
import { PUBLIC_STATUS } from '../../shared/domain/order.js';
import { catalogStore, clock, orderStore, recordResultsDeps, auditedEdge } from '../../shared/composition.js';
import { indexCatalog } from '../../shared/domain/catalog.js';
import { uploadRefusal } from '../../shared/app/upload-results.js';

/**
 * POST /admin/v1/orders/{id}/results: results that arrived outside the electronic interface,
 * uploaded by an operator (source operator_upload). A missing flag is judged from the range.
 */
export const handler = operatorHandler(
  auditedEdge,
  { action: 'results.uploaded', pathId: 'orderId' },
  async (event) => {
    const input = parseOrThrow(resultsUploadSchema, parseJsonBody(event.body));
    const pdfs = input.pdfs.map((p) => ({
      label: p.label,
      bytes: new Uint8Array(Buffer.from(p.contentBase64, 'base64')),
    }));
    for (const p of pdfs)
      if (Buffer.from(p.bytes.slice(0, 5)).toString('latin1') !== '%PDF-')
        throw new ApiError('validation_error', 'Every uploaded document must be a PDF.', {
          details: { fields: { pdfs: 'must be PDF documents' } },
        });
    const order = await orderStore().findById(pathParam(event, 'id'));
    if (!order) throw new ApiError('not_found', 'No such order.');
    const refusal = uploadRefusal(order, input.analytes, indexCatalog(await catalogStore().get()));
    if (refusal?.kind === 'not_placed')
      throw new ApiError('results_not_accepted', `The order has not reached the lab yet (state ${refusal.state}).`, {
        details: { reason: 'not_placed', state: refusal.state },
      });
    if (refusal)
      throw new ApiError('validation_error', 'Some analytes belong to no ordered test (mark them unordered: true).', {
        details: {
          fields: Object.fromEntries(refusal.indexes.map((i) => [`analytes[${i}]`, 'belongs to no ordered test'])),
        },
      });
    const now = clock().now().toISOString();
    const analytes = input.analytes.map(({ unordered: _unordered, ...a }) => {
      // Bounds not given as numbers are read from the range text as a lab writes it ("12.6-17.7", "<200").
      const bounds =
        a.referenceRangeLow === null && a.referenceRangeHigh === null
          ? parseRange(a.referenceRange)
          : { low: a.referenceRangeLow, high: a.referenceRangeHigh };
      return {
        ...a,
        referenceRangeLow: bounds.low,
        referenceRangeHigh: bounds.high,
        valueText: a.valueText ?? null,
        flag: a.notReported ? null : a.flag !== undefined ? a.flag : flagFromRange(a.value, bounds.low, bounds.high),
        reportedAt: a.reportedAt ?? now,
      };
    });
    const result = await recordResults(recordResultsDeps(), order, {
      source: 'operator_upload',
      analytes,
      pdfs,
      trigger: 'operator_upload',
    });
    if (!result.ok)
      throw new ApiError('results_not_accepted', `The order cannot take results (${result.reason}).`, {
        details: { reason: result.reason },
      });
    return json(200, { orderId: order.id, status: PUBLIC_STATUS[result.order.state], analytes: analytes.length });
  },
);
