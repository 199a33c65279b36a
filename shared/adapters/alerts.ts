import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';
import { logger } from './logger.js';
import type { BusinessMetric } from '../ports/metrics.js';

export const ALERT_METRIC = { namespace: 'LabTests', metricName: 'OperatorAlerts' };
/** The one dimension Powertools adds to every metric: alarms must name it to see the data. */
export const METRIC_DIMENSIONS = { service: 'lab-test-service' } as const;

// Counts are published as CloudWatch metrics (embedded metric format lines on stdout): in Lambda
// always, locally when METRICS_TO_LOG is true (the local runtime sets it at LOG_LEVEL INFO/DEBUG).
// Metrics carry counts and event names only, never ids or patient data. Read at first use, after
// the local runtime has set the environment.
let metrics: Metrics | null | undefined;
function metricsSink(): Metrics | null {
  metrics ??=
    process.env.AWS_LAMBDA_FUNCTION_NAME || process.env.METRICS_TO_LOG === 'true'
      ? new Metrics({ namespace: ALERT_METRIC.namespace, serviceName: METRIC_DIMENSIONS.service })
      : null;
  return metrics;
}

export type { BusinessMetric };

export function countMetric(name: BusinessMetric | typeof ALERT_METRIC.metricName, count = 1): void {
  const metrics = metricsSink();
  if (!metrics || count <= 0) return;
  metrics.addMetric(name, MetricUnit.Count, count);
  metrics.publishStoredMetrics();
}

const ALERT_METRICS: Record<string, BusinessMetric> = {
  refund_pending: 'RefundsPending',
  webhook_delivery_failed: 'WebhookDeliveriesFailed',
  // The settlement sweep's alerts (shared/app/settle-payments.ts).
  charge_settled_by_refund: 'ChargesSettledByRefund',
  settlement_failed: 'SettlementsFailed',
  payment_pending_over_an_hour: 'PaymentsPendingOverAnHour',
};

/**
 * Operator alerts: one structured ERROR log line with `alert` set, and the OperatorAlerts metric
 * an alarm watches. Only ids travel here, never patient data.
 */
export function alert(event: string, ids: Record<string, string>): void {
  logger.error('operator alert', { alert: event, ...ids });
  countMetric(ALERT_METRIC.metricName);
  const specific = ALERT_METRICS[event];
  if (specific) countMetric(specific);
}
