// What each sandbox payment method does. Names follow Stripe's test payment methods where Stripe
// defines them (pm_card_visa, pm_card_chargeDeclined...); pm_sim_* are the simulator's own.

export type ChargeBehaviour =
  | { kind: 'succeed' }
  | { kind: 'decline'; declineCode: string }
  | { kind: 'status'; status: 'canceled' | 'requires_payment_method' | 'requires_action' }
  | { kind: 'processing_then'; then: 'succeeded' | 'failed' }
  | { kind: 'provider_down' }
  | { kind: 'unknown_method' };

/** Stripe's documented test payment methods that succeed: the card brands and their variants. */
const SUCCEEDING = new Set([
  'pm_card_visa',
  'pm_card_visa_debit',
  'pm_card_mastercard',
  'pm_card_mastercard_debit',
  'pm_card_mastercard_prepaid',
  'pm_card_amex',
  'pm_card_discover',
  'pm_card_diners',
  'pm_card_jcb',
  'pm_card_unionpay',
  'pm_sim_refund_fails',
]);

/**
 * Stripe's documented declining test payment methods and the decline code each gives (Stripe
 * lists some with a `visa_` infix, some without; both spellings it documents are known here).
 */
const DECLINES: Record<string, string> = {
  pm_card_chargeDeclined: 'generic_decline',
  pm_card_visa_chargeDeclined: 'generic_decline',
  pm_card_chargeDeclinedInsufficientFunds: 'insufficient_funds',
  pm_card_visa_chargeDeclinedInsufficientFunds: 'insufficient_funds',
  pm_card_chargeDeclinedLostCard: 'lost_card',
  pm_card_visa_chargeDeclinedLostCard: 'lost_card',
  pm_card_chargeDeclinedStolenCard: 'stolen_card',
  pm_card_visa_chargeDeclinedStolenCard: 'stolen_card',
  pm_card_chargeDeclinedExpiredCard: 'expired_card',
  pm_card_chargeDeclinedIncorrectCvc: 'incorrect_cvc',
  pm_card_chargeDeclinedProcessingError: 'processing_error',
  pm_card_chargeDeclinedFraudulent: 'fraudulent',
  pm_card_radarBlock: 'fraudulent',
  pm_card_visa_chargeDeclinedVelocityLimitExceeded: 'card_velocity_exceeded',
};

/** The error code Stripe sets beside a decline code: most are card_declined, a few name themselves. */
export function declineErrorCode(declineCode: string): string {
  return ['expired_card', 'incorrect_cvc', 'processing_error'].includes(declineCode) ? declineCode : 'card_declined';
}

/** Every payment method this simulator knows, for the README and tests. */
export const KNOWN_TEST_METHODS = { succeeding: [...SUCCEEDING], declining: { ...DECLINES } };

export function behaviourFor(paymentMethod: string): ChargeBehaviour {
  const declineCode = Object.hasOwn(DECLINES, paymentMethod) ? DECLINES[paymentMethod] : undefined;
  if (declineCode) return { kind: 'decline', declineCode };
  switch (paymentMethod) {
    case 'pm_sim_canceled':
      return { kind: 'status', status: 'canceled' };
    case 'pm_sim_requires_payment_method':
      return { kind: 'status', status: 'requires_payment_method' };
    case 'pm_sim_requires_action':
      return { kind: 'status', status: 'requires_action' };
    case 'pm_sim_processing_then_succeeded':
      return { kind: 'processing_then', then: 'succeeded' };
    case 'pm_sim_processing_then_failed':
      return { kind: 'processing_then', then: 'failed' };
    case 'pm_sim_provider_down':
      return { kind: 'provider_down' };
    default:
      // Anything else, a pm_card_* typo included, is a payment method Stripe has never heard of.
      return SUCCEEDING.has(paymentMethod) ? { kind: 'succeed' } : { kind: 'unknown_method' };
  }
}

/** Payment methods whose charges succeed but whose refunds fail. */
export function refundFails(paymentMethod: string): boolean {
  return paymentMethod === 'pm_sim_refund_fails';
}
