import { CfnOutput, Duration } from 'aws-cdk-lib';
import {
  Alarm,
  ComparisonOperator,
  MathExpression,
  Metric,
  TreatMissingData,
  type IMetric,
} from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import { Construct } from 'constructs';
import { acknowledge, hipaa } from '../nag.js';
import { ALERT_METRIC, METRIC_DIMENSIONS, type BusinessMetric } from '../../../shared/adapters/alerts.js';

/**
 * The service's own metrics that page someone, with what the on-call should look for. Each is
 * watched with exactly the namespace and dimensions the code emits (test/infra/alarms.test.ts).
 */
export const PAGING_METRICS: Partial<Record<BusinessMetric | typeof ALERT_METRIC.metricName, string>> = {
  OperatorAlerts:
    'Refund pending, order write failed after a charge, placement unconfirmed, requisition not issued, or a webhook delivery failed: find the log line with the alert field.',
  ChargesSettledByRefund: 'A charge was settled by refunding it: check the order and the Stripe dashboard.',
  SettlementsFailed: 'The settlement sweep could not settle a payment: it retries; look for its error log.',
  PaymentsPendingOverAnHour: 'A payment stayed pending for over an hour: check Stripe for the payment intent.',
  PaymentProviderErrors: 'Stripe answered errors or timed out: check status.stripe.com and the function logs.',
};

/** The alarm topic, its optional e-mail subscription, and the alarms that publish to it. */
export class ServiceAlarms extends Construct {
  readonly topic: Topic;

  constructor(scope: Construct, id: string, props: { email?: string }) {
    super(scope, id);
    this.topic = new Topic(this, 'Topic', { enforceSSL: true, displayName: 'Lab tests operator alarms' });
    acknowledge(this.topic, hipaa('SNSEncryptedKMS', 'The alarm topic carries alarm names and states only, no data.'));
    if (props.email) this.topic.addSubscription(new EmailSubscription(props.email));
    new CfnOutput(scope, 'AlarmTopicArn', {
      value: this.topic.topicArn,
      description: 'Subscribe the on-call (e-mail, chat, pager) to this topic.',
    });
    for (const [name, description] of Object.entries(PAGING_METRICS)) {
      this.add(`${name}Alarm`, description ?? name, this.serviceMetric(name));
    }
  }

  /** A metric the code emits through Powertools (namespace and `service` dimension included). */
  serviceMetric(metricName: string): Metric {
    return new Metric({
      namespace: ALERT_METRIC.namespace,
      metricName,
      dimensionsMap: { ...METRIC_DIMENSIONS },
      statistic: 'Sum',
      period: Duration.minutes(5),
    });
  }

  /** Any error or throttle of a function whose failure nobody would otherwise see (one alarm: stacks have a resource limit). */
  watchFunction(name: string, fn: IFunction): void {
    const period = Duration.minutes(5);
    this.add(
      `${name}FailuresAlarm`,
      `${name} failed or was throttled: read its log group; throttles mean the account or reserved concurrency is exhausted.`,
      new MathExpression({
        expression: 'errors + throttles',
        usingMetrics: { errors: fn.metricErrors({ period }), throttles: fn.metricThrottles({ period }) },
        label: `${name} errors and throttles`,
        period,
      }),
    );
  }

  /** Any message in a dead-letter queue is work the service gave up on. */
  watchDeadLetters(name: string, queue: IQueue): void {
    this.add(
      `${name}Alarm`,
      `${name} holds messages the service gave up on: inspect them, fix the cause, redrive.`,
      queue.metricApproximateNumberOfMessagesVisible({ period: Duration.minutes(5), statistic: 'Maximum' }),
    );
  }

  add(id: string, description: string, metric: IMetric, threshold = 1): Alarm {
    const alarm = new Alarm(this, id, {
      alarmDescription: description,
      metric,
      threshold,
      comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      evaluationPeriods: 1,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    });
    alarm.addAlarmAction(new SnsAction(this.topic));
    return alarm;
  }
}
