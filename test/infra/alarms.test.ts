import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { App } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { alert, countMetric, type BusinessMetric } from '../../shared/adapters/alerts.js';
import { PAGING_METRICS } from '../../infra/aws/constructs/alarms.js';
import { ServiceStack } from '../../infra/aws/service-stack.js';
import { STAGES } from '../../infra/aws/stages.js';
import { synthesize } from '../support/synth.js';

const { template } = synthesize();

interface Emitted {
  namespace: string;
  metric: string;
  dimensions: Record<string, string>;
}

/** Runs the code's own metric calls and reads back the embedded-metric-format lines they print. */
function emitted(run: () => void): Emitted[] {
  const lines: string[] = [];
  const spy = vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    lines.push(String(chunk));
    return true;
  });
  try {
    run();
  } finally {
    spy.mockRestore();
  }
  return lines
    .flatMap((l) => l.split('\n'))
    .filter((l) => l.includes('"_aws"'))
    .flatMap((l) => {
      const doc = JSON.parse(l) as {
        _aws: {
          CloudWatchMetrics: Array<{ Namespace: string; Dimensions: string[][]; Metrics: Array<{ Name: string }> }>;
        };
        [k: string]: unknown;
      };
      return doc._aws.CloudWatchMetrics.flatMap((d) =>
        d.Metrics.map((m) => ({
          namespace: d.Namespace,
          metric: m.Name,
          dimensions: Object.fromEntries((d.Dimensions[0] ?? []).map((k) => [k, String(doc[k])])),
        })),
      );
    });
}

type AlarmProps = {
  Namespace?: string;
  MetricName?: string;
  Dimensions?: Array<{ Name: string; Value: unknown }>;
  AlarmActions?: unknown[];
};
const alarmsOf = (t: Template) =>
  Object.values(t.findResources('AWS::CloudWatch::Alarm')).map((r) => (r as { Properties: AlarmProps }).Properties);

beforeAll(() => {
  process.env.METRICS_TO_LOG = 'true';
});
afterAll(() => {
  delete process.env.METRICS_TO_LOG;
});

describe.each(['sandbox', 'production'] as const)('%s alarms', (stage) => {
  const t = template(stage);
  const alarms = alarmsOf(t);

  it('watch every metric of the service with exactly the namespace and dimensions the code emits', () => {
    const own = alarms.filter((a) => a.Namespace === 'LabTests');
    expect(own.map((a) => a.MetricName).sort()).toEqual(Object.keys(PAGING_METRICS).sort());
    for (const a of own) {
      const out =
        a.MetricName === 'OperatorAlerts'
          ? emitted(() => alert('placement_unconfirmed', { orderId: 'ord_1' }))
          : emitted(() => countMetric(a.MetricName as BusinessMetric));
      const match = out.find((e) => e.metric === a.MetricName);
      expect(match, a.MetricName).toBeDefined();
      expect(match?.namespace).toBe(a.Namespace);
      const watched = Object.fromEntries((a.Dimensions ?? []).map((d) => [d.Name, d.Value]));
      expect(watched, a.MetricName).toEqual(match?.dimensions);
    }
  });

  it('page on the payment metrics: refunds settling charges, failed settlements, long-pending payments, provider errors', () => {
    const names = alarms.map((a) => a.MetricName);
    for (const m of [
      'ChargesSettledByRefund',
      'SettlementsFailed',
      'PaymentsPendingOverAnHour',
      'PaymentProviderErrors',
    ])
      expect(names).toContain(m);
  });

  it('watch errors and throttles of placement, the webhook worker and cron, the authorizer and order creation', () => {
    const fns = t.findResources('AWS::Lambda::Function');
    const raw = Object.values(t.findResources('AWS::CloudWatch::Alarm')).map((r) => JSON.stringify(r.Properties));
    for (const name of ['Placement', 'WebhookWorker', 'WebhookCron', 'PartnerAuthorizer', 'PartnerOrdersCreate']) {
      const id = Object.keys(fns).find((k) => new RegExp(`^${name}Fn[0-9A-F]{8}$`).test(k));
      expect(id, name).toBeDefined();
      const alarm = raw.find((a) => a.includes(`"Value":{"Ref":"${id}"}`) && a.includes('errors + throttles'));
      expect(alarm, name).toBeDefined();
      for (const metric of ['Errors', 'Throttles'])
        expect(alarm, `${name} ${metric}`).toContain(`"MetricName":"${metric}"`);
      expect(alarm).toContain('"Namespace":"AWS/Lambda"');
    }
  });

  it('watch every dead-letter queue: SQS redrive, asynchronous Lambda invocations and placement schedules', () => {
    const dlqRefs = new Set<string>();
    const arnId = (v: unknown) => (v as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];
    for (const q of Object.values(t.findResources('AWS::SQS::Queue'))) {
      const target = (q.Properties as { RedrivePolicy?: { deadLetterTargetArn: unknown } }).RedrivePolicy;
      if (target) dlqRefs.add(arnId(target.deadLetterTargetArn));
    }
    for (const f of Object.values(t.findResources('AWS::Lambda::Function'))) {
      const p = f.Properties as {
        DeadLetterConfig?: { TargetArn: unknown };
        Environment?: { Variables: Record<string, unknown> };
      };
      if (p.DeadLetterConfig) dlqRefs.add(arnId(p.DeadLetterConfig.TargetArn));
      const scheduleDlq = p.Environment?.Variables.PLACEMENT_DLQ_ARN;
      if (scheduleDlq) dlqRefs.add(arnId(scheduleDlq));
    }
    expect(dlqRefs.size).toBeGreaterThanOrEqual(3);
    for (const id of dlqRefs) {
      const found = alarms.some(
        (a) =>
          a.MetricName === 'ApproximateNumberOfMessagesVisible' && JSON.stringify(a.Dimensions).includes(`"${id}"`),
      );
      expect(found, id).toBe(true);
    }
  });

  it('send every alarm to the alarm topic, whose ARN is an output', () => {
    for (const a of alarms) expect(a.AlarmActions).toEqual([{ Ref: expect.stringMatching(/^AlarmsTopic/) }]);
    t.hasOutput('AlarmTopicArn', { Value: { Ref: Match.stringLikeRegexp('^AlarmsTopic') } });
  });
});

describe('alarm e-mail', () => {
  it('is subscribed to the topic when given as context, and absent otherwise', () => {
    template('sandbox').resourceCountIs('AWS::SNS::Subscription', 0);
    const app = new App({ context: { 'aws:cdk:bundling-stacks': [], alarmEmail: 'oncall@example.com' } });
    const stack = new ServiceStack(app, 'WithEmail', { env: { region: 'eu-west-1' }, stage: STAGES.sandbox });
    Template.fromStack(stack).hasResourceProperties('AWS::SNS::Subscription', {
      Protocol: 'email',
      Endpoint: 'oncall@example.com',
    });
  }, 60_000);
});
