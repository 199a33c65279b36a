/** The provider idempotency key of one refund try: the cancel's is 0, the recovery sweep's count on. */
export function refundKey(orderId: string, attempt: number): string {
  return attempt === 0 ? `refund:${orderId}` : `refund:${orderId}:${attempt}`;
}
