// The error catalogue: every error code the service answers with, its HTTP status and a
// default message. Handlers throw ApiError; the error middleware encodes it in the right shape.

export const ERROR_CATALOGUE = {
  // Public API (A)
  missing_items: {
    status: 400,
    message: 'The items query parameter is required: a comma-separated list of catalogue ids.',
  },
  too_many_items: { status: 400, message: 'Too many items: at most 50 distinct catalogue ids per request.' },
  invalid_item_id: {
    status: 400,
    message: 'An item id is malformed: ids are lowercase slugs such as "cbc" or "lipid-panel".',
  },
  unknown_items: { status: 400, message: 'Some item ids are not in the catalogue.' },
  invalid_state: { status: 400, message: 'state must be a 2-letter US state code (the 50 states and DC).' },
  missing_state: { status: 400, message: 'The state query parameter is required.' },
  invalid_parameter: { status: 400, message: 'A query parameter was given more than once: give it once.' },
  rate_limited: {
    status: 429,
    message: 'Too many requests from this client. Retry after the number of seconds in Retry-After.',
  },
  // Partner API (B)
  invalid_api_key: { status: 401, message: 'The API key is missing, malformed, unknown or revoked.' },
  wrong_environment: {
    status: 401,
    message: 'This key belongs to the other environment (live keys on production, test keys on the sandbox).',
  },
  partner_suspended: { status: 403, message: 'This partner account is suspended. Contact support.' },
  validation_error: { status: 400, message: 'The request failed validation.' },
  unavailable_in_state: { status: 400, message: 'Orders cannot be placed for a patient address in this state.' },
  unknown_item: { status: 400, message: 'Some item ids are not in the catalogue.' },
  minor_not_eligible: {
    status: 400,
    message: 'Some items cannot be ordered for a patient under 18. Retry with them removed.',
  },
  unknown_location: { status: 400, message: 'preferredLocationId matches no draw site.' },
  idempotency_key_required: {
    status: 400,
    message: 'The Idempotency-Key header is required: 1 to 100 characters from [A-Za-z0-9_.-].',
  },
  no_payment_method: {
    status: 402,
    message:
      'No payment method is on file for this partner. The operator sets it on your account (ask support); then retry with the same Idempotency-Key.',
  },
  payment_failed: {
    status: 402,
    message:
      'The charge did not go through. No money was taken; retry with the same Idempotency-Key after fixing the payment method.',
  },
  not_found: { status: 404, message: 'No such resource.' },
  idempotency_in_progress: {
    status: 409,
    message: 'Another request with this Idempotency-Key is still processing. Wait and retry with the same key.',
  },
  idempotency_conflict: {
    status: 409,
    message: 'This Idempotency-Key was already used with a different request body.',
  },
  payment_in_flight: {
    status: 409,
    message: 'The previous payment attempt has an unknown outcome. Retry with the same key and the same body.',
  },
  cannot_cancel: { status: 409, message: 'The order can no longer be cancelled.' },
  not_ready: { status: 409, message: 'The document is not ready yet.' },
  internal_error: { status: 500, message: 'Internal error.' },
  payment_provider_error: {
    status: 502,
    message:
      'The payment provider failed or did not respond, so the outcome is unknown. Retry with the same Idempotency-Key and the same body: it never charges twice. 24 hours after its first use the key is treated as never used; by then any charge it left has been refunded.',
  },
  payment_pending: {
    status: 502,
    message:
      'The payment is still pending (processing, or awaiting authentication). Retry with the same Idempotency-Key and the same body. 24 hours after its first use the key is treated as never used; by then any charge it left has been refunded or cancelled.',
  },
  // Operator API
  results_not_accepted: {
    status: 409,
    message: 'The order cannot take results (cancelled, or results already reported).',
  },
  too_many_keys: {
    status: 409,
    message: 'This partner already holds 99 live API keys, the most it may. Revoke one it no longer uses, then retry.',
  },
  // Stripe's events (POST /stripe/webhook)
  invalid_signature: {
    status: 400,
    message: 'The Stripe-Signature header is missing, does not match, or is older than five minutes.',
  },
  // Shared by every surface
  method_not_allowed: { status: 405, message: 'Method not allowed.' },
  unauthorized: { status: 401, message: 'Missing or invalid operator credentials.' },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof ERROR_CATALOGUE;

export class ApiError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message?: string,
    readonly extra: { details?: Record<string, unknown>; ids?: string[]; headers?: Record<string, string> } = {},
  ) {
    super(message ?? ERROR_CATALOGUE[code].message);
    this.status = ERROR_CATALOGUE[code].status;
  }
}

/** Validation failure with a map from field path to message (partner shape: details.fields). */
export function validationError(fields: Record<string, string>, message = 'The request failed validation.'): ApiError {
  return new ApiError('validation_error', message, { details: { fields } });
}
