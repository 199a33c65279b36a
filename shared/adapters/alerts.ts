import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';
import { logger } from './logger.js';

export const ALERT_METRIC = { namespace: 'LabTests', metricName: 'OperatorAlerts' };

// In Lambda, alerts are also published as a CloudWatch metric (embedded metric format) that an
// alarm watches; locally the log line is enough.
const metrics = process.env.AWS_LAMBDA_FUNCTION_NAME ? new Metrics({ namespace: ALERT_METRIC.namespace, serviceName: 'lab-test-service' }) : null;

/**
 * Operator alerts: one structured ERROR log line with `alert` set, and the OperatorAlerts metric.
 * Only ids travel here, never patient data.
 */
export function alert(event: string, ids: Record<string, string>): void {
  logger.error('operator alert', { alert: event, ...ids });
  if (metrics) {
    metrics.addDimension('alert', event);
    metrics.addMetric(ALERT_METRIC.metricName, MetricUnit.Count, 1);
    metrics.publishStoredMetrics();
  }
}
