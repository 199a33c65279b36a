// What each sandbox payment method does. Names follow Stripe's test payment methods where Stripe
// defines them (pm_card_visa, pm_card_chargeDeclined...); pm_sim_* are the simulator's own.

export type ChargeBehaviour =
  | { kind: 'succeed' }
  | { kind: 'decline'; declineCode: string }
  | { kind: 'status'; status: 'canceled' | 'requires_payment_method' | 'requires_action' }
  | { kind: 'processing_then'; then: 'succeeded' | 'failed' }
  | { kind: 'provider_down' }
  | { kind: 'unknown_method' };

export function behaviourFor(paymentMethod: string): ChargeBehaviour {
  switch (paymentMethod) {
    case 'pm_card_chargeDeclined':
      return { kind: 'decline', declineCode: 'generic_decline' };
    case 'pm_card_chargeDeclinedInsufficientFunds':
      return { kind: 'decline', declineCode: 'insufficient_funds' };
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
      return /^pm_(card_[A-Za-z]+|sim_refund_fails)$/.test(paymentMethod)
        ? { kind: 'succeed' }
        : { kind: 'unknown_method' };
  }
}

/** Payment methods whose charges succeed but whose refunds fail. */
export function refundFails(paymentMethod: string): boolean {
  return paymentMethod === 'pm_sim_refund_fails';
}
