/** An error answer from the API (or the network), with what is safe to do next. */
export class LabTestsApiError extends Error {
  override readonly name = 'LabTestsApiError';
  constructor(
    /** HTTP status; 0 when no answer arrived (a network error or timeout). */
    readonly status: number,
    /** The API's error code, such as `payment_failed`; `network_error` when no answer arrived. */
    readonly code: string,
    message: string,
    readonly details: Record<string, unknown> | undefined,
    /** Retrying the same request (for order creation: the SAME Idempotency-Key and body) is safe and may succeed. */
    readonly retryable: boolean,
    /** The Idempotency-Key used; pass it back to `orders.create(input, { idempotencyKey })` to resume. */
    readonly idempotencyKey?: string,
    /** Seconds the server asked to wait (Retry-After), when it did. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

/** A webhook request that failed verification: answer it 400 and do not act on it. */
export class WebhookVerificationError extends Error {
  override readonly name = 'WebhookVerificationError';
  constructor(
    readonly reason: 'missing_header' | 'malformed_header' | 'timestamp_out_of_tolerance' | 'signature_mismatch',
  ) {
    super(`Webhook signature verification failed: ${reason}`);
  }
}
