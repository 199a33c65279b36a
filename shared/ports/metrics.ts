/** Business counts published as metrics: counts and names only, never ids or patient data. */
export type BusinessMetric =
  | 'OrdersCreated'
  | 'PaymentsDeclined'
  | 'PaymentsPending'
  | 'PaymentProviderErrors'
  | 'RefundsPending'
  | 'Placements'
  | 'PlacementScheduleFailures'
  | 'ResultsScheduleFailures'
  | 'WebhookRetryEnqueueFailures'
  | 'WebhookDeliveriesFailed'
  | 'ChargesSettledByRefund'
  | 'SettlementsFailed'
  | 'PaymentsPendingOverAnHour';

export type CountMetric = (name: BusinessMetric, count?: number) => void;
