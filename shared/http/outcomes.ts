import { ApiError, validationError } from './errors.js';
import { json, type HttpResult } from './respond.js';
import { toPublicOrder } from '../domain/order.js';
import type { IngestOutcome } from '../app/ingest-results.js';
import type { UploadOutcome } from '../app/upload-results.js';
import type { CancelResult } from '../app/cancel-order.js';

// The one place where the use cases' outcomes become HTTP errors (status and code from the error
// catalogue). Order creation's are in order-errors.ts.

/** An ORU message that was not ingested (the lab's route and the operator's answer alike). */
export function ingestError(outcome: Exclude<IngestOutcome, { kind: 'ingested' }>): ApiError {
  switch (outcome.kind) {
    case 'no_order':
      return new ApiError('not_found', 'No order matches the message’s placer order number.');
    case 'not_accepted':
      return new ApiError('results_not_accepted', outcome.error);
    case 'unreadable':
      return validationError({ '(body)': outcome.error }, `The ORU message was refused: ${outcome.error}.`);
  }
}

/** An operator's results upload that was not recorded. */
export function uploadError(outcome: Exclude<UploadOutcome, { kind: 'recorded' }>): ApiError {
  switch (outcome.kind) {
    case 'no_order':
      return new ApiError('not_found', 'No such order.');
    case 'not_placed':
      return new ApiError('results_not_accepted', `The order has not reached the lab yet (state ${outcome.state}).`, {
        details: { reason: 'not_placed', state: outcome.state },
      });
    case 'not_ordered':
      return new ApiError('validation_error', 'Some analytes belong to no ordered test (mark them unordered: true).', {
        details: {
          fields: Object.fromEntries(outcome.indexes.map((i) => [`analytes[${i}]`, 'belongs to no ordered test'])),
        },
      });
    case 'not_accepted':
      return new ApiError('results_not_accepted', `The order cannot take results (${outcome.reason}).`, {
        details: { reason: outcome.reason },
      });
  }
}

/** DELETE /orders/{id}'s answer: 200 with the cancelled order and its refund, or the error to throw. */
export function cancelAnswer(outcome: CancelResult, cancelWindowMinutes: number): HttpResult {
  if (outcome.kind === 'no_order') throw new ApiError('not_found', 'No such order.');
  if (outcome.kind === 'refused')
    throw new ApiError('cannot_cancel', `The order cannot be cancelled (${outcome.reason}).`, {
      details: { reason: outcome.reason },
    });
  return json(200, toPublicOrder(outcome.order, cancelWindowMinutes, { refund: outcome.refund }));
}
