import { ApiError, validationError } from './errors.js';
import type { OrderRuleError } from '../domain/order-rules.js';
import type { CreateOrderFailure as CreateOrderErrorCode, CreateOrderOutcome } from '../app/create-order.js';
import type { HttpResult } from './respond.js';

export function orderRuleError(e: OrderRuleError): ApiError {
  switch (e.code) {
    case 'guardian_required':
      return validationError(
        { guardian: 'is required when the patient is under 18' },
        'A guardian is required for a patient under 18.',
      );
    case 'date_of_birth_in_future':
      return validationError({ 'patient.dateOfBirth': 'must not be in the future' });
    case 'minor_not_eligible':
      return new ApiError(
        'minor_not_eligible',
        `These items cannot be ordered for a patient under 18: ${e.ids.join(', ')}. Retry with them removed.`,
        { details: { ids: e.ids } },
      );
    case 'unavailable_in_state':
      return e.ids
        ? new ApiError('unavailable_in_state', `These items are not offered in ${e.state}: ${e.ids.join(', ')}.`, {
            details: { state: e.state, ids: e.ids },
          })
        : new ApiError('unavailable_in_state', `Orders cannot be placed for a patient address in ${e.state}.`, {
            details: { state: e.state },
          });
    case 'unknown_item':
      return new ApiError('unknown_item', `Not in the catalogue: ${e.ids.join(', ')}.`, { details: { ids: e.ids } });
    case 'unknown_location':
      return new ApiError(
        'unknown_location',
        'preferredLocationId matches no draw site. Find one with GET /api/v1/locations.',
        { details: { id: e.id } },
      );
  }
}

export function createOrderError(
  code: CreateOrderErrorCode,
  details?: Record<string, unknown>,
  retryAfterSeconds?: number,
): ApiError {
  if (code === 'not_storable') return validationError({ '(body)': String(details?.reason ?? 'cannot be stored') });
  return new ApiError(code, undefined, {
    ...(details ? { details } : {}),
    ...(retryAfterSeconds ? { headers: { 'Retry-After': String(retryAfterSeconds) } } : {}),
  });
}

/** POST /orders' answer: 201 with the stored public order (a replay's very bytes), or the error to throw. */
export function createOrderAnswer(outcome: CreateOrderOutcome): HttpResult {
  switch (outcome.kind) {
    case 'created':
      return { statusCode: 201, headers: { 'Content-Type': 'application/json; charset=utf-8' }, body: outcome.body };
    case 'rule_failed':
      throw orderRuleError(outcome.error);
    case 'partner_missing':
      throw new ApiError('invalid_api_key');
    case 'refused':
      throw createOrderError(outcome.code, outcome.details, outcome.retryAfterSeconds);
  }
}
