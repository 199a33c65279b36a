import { describe, expect, it } from 'vitest';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { NestedStack } from 'aws-cdk-lib';
import { BACKGROUND, scheduleTargetsFor } from '../../shared/manifest/index.js';
import { TABLES } from '../../shared/adapters/dynamodb/tables.js';
import { synthesize } from '../support/synth.js';
import { deployedRoutes, type ServiceStack } from '../../infra/aws/service-stack.js';
import { STAGES } from '../../infra/aws/stages.js';

const { template } = synthesize();

describe.each(['sandbox', 'production'] as const)('%s stack', (stage) => {
  const t = template(stage);

  it('has every table of the shared definitions, KMS-encrypted, with PITR', () => {
    t.resourceCountIs('AWS::DynamoDB::GlobalTable', Object.keys(TABLES).length);
    t.allResourcesProperties('AWS::DynamoDB::GlobalTable', {
      SSESpecification: { SSEEnabled: true, SSEType: 'KMS' },
      Replicas: Match.arrayWith([
        Match.objectLike({ PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true } }),
      ]),
    });
  });

  it('compresses answers over 1 KB on each of the three REST APIs', () => {
    t.resourceCountIs('AWS::ApiGateway::RestApi', 3);
    t.allResourcesProperties('AWS::ApiGateway::RestApi', { MinimumCompressionSize: 1024 });
  });

  it('deploys Node.js 22 arm64 Lambdas (one per handler module), every deployable route wired to its method and path', () => {
    const functions = t.findResources('AWS::Lambda::Function', {
      Properties: { Runtime: 'nodejs22.x', Architectures: ['arm64'] },
    });
    const deployable = deployedRoutes(STAGES[stage]).filter((r) => r.api !== 'mcp');
    expect(Object.keys(functions).length).toBeGreaterThanOrEqual(new Set(deployable.map((r) => r.entry)).size);
    for (const route of deployable) {
      if (route.path === '/') {
        t.hasResourceProperties('AWS::ApiGateway::Method', {
          HttpMethod: 'GET',
          ResourceId: { 'Fn::GetAtt': [Match.anyValue(), 'RootResourceId'] },
        });
        continue;
      }
      const last = route.path.split('/').filter(Boolean).at(-1) as string;
      const resources = t.findResources('AWS::ApiGateway::Resource', { Properties: { PathPart: last } });
      expect(Object.keys(resources).length, `${route.method} ${route.path}`).toBeGreaterThan(0);
      t.hasResourceProperties('AWS::ApiGateway::Method', {
        HttpMethod: route.method,
        Integration: Match.objectLike({ Type: 'AWS_PROXY' }),
      });
    }
  });

  it('grants the quote function read on the catalogue and no write to it', () => {
    const policies = t.findResources('AWS::IAM::Policy');
    const quotePolicy = Object.entries(policies).find(([id]) => id.startsWith('PublicQuote'));
    expect(quotePolicy).toBeDefined();
    const statements = JSON.stringify((quotePolicy as [string, { Properties: unknown }])[1].Properties);
    expect(statements).toContain('dynamodb:GetItem');
    expect(statements).toContain('Catalog');
    // The only writes the quote function may make are to its rate-limit buckets.
    const doc = (
      quotePolicy as [
        string,
        { Properties: { PolicyDocument: { Statement: Array<{ Action: string[] | string; Resource: unknown }> } } },
      ]
    )[1].Properties.PolicyDocument;
    for (const s of doc.Statement) {
      const actions = ([] as string[]).concat(s.Action);
      if (actions.some((a) => a === 'dynamodb:PutItem')) expect(JSON.stringify(s.Resource)).toContain('RateLimits');
    }
  });

  it('serves MCP on a keyless Lambda function URL; reserves no concurrency unless the stage configures it', () => {
    t.hasResourceProperties('AWS::Lambda::Url', { AuthType: 'NONE' });
    // A reservation also needs 100 unreserved: on a fresh account it rolls the deploy back.
    expect(
      t.findResources('AWS::Lambda::Function', { Properties: { ReservedConcurrentExecutions: Match.anyValue() } }),
    ).toEqual({});
  });

  it('never deploys the local-only operator routes', () => {
    const paths = JSON.stringify(t.findResources('AWS::ApiGateway::Resource'));
    expect(paths).not.toContain('"clock"');
    expect(paths).not.toContain('"faults"');
  });

  it('keeps documents in a private, KMS-encrypted, TLS-only bucket with lifecycle rules', () => {
    t.hasResourceProperties('AWS::S3::Bucket', {
      BucketEncryption: {
        ServerSideEncryptionConfiguration: [
          Match.objectLike({
            ServerSideEncryptionByDefault: { SSEAlgorithm: 'aws:kms', KMSMasterKeyID: Match.anyValue() },
          }),
        ],
      },
      PublicAccessBlockConfiguration: {
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      },
      LifecycleConfiguration: Match.objectLike({
        Rules: Match.arrayWith([Match.objectLike({ AbortIncompleteMultipartUpload: { DaysAfterInitiation: 1 } })]),
      }),
    });
    t.hasResourceProperties('AWS::S3::BucketPolicy', {
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
        ]),
      },
    });
  });

  it('schedules placement: a schedule group, a role the scheduler assumes, the sweep rule, scoped create permission', () => {
    t.resourceCountIs('AWS::Scheduler::ScheduleGroup', scheduleTargetsFor(stage).length);
    t.hasResourceProperties('AWS::IAM::Role', {
      AssumeRolePolicyDocument: {
        Statement: [Match.objectLike({ Principal: { Service: 'scheduler.amazonaws.com' } })],
      },
    });
    t.hasResourceProperties('AWS::Events::Rule', {
      ScheduleExpression: 'rate(5 minutes)',
      Targets: [Match.objectLike({ Input: '{"sweep":true}' })],
    });
    const policies = JSON.stringify(t.findResources('AWS::IAM::Policy'));
    expect(policies).toContain('scheduler:CreateSchedule');
    expect(policies).not.toMatch(/"scheduler:\*"/);
  });

  it('delivers webhook retries through SQS with a DLQ and partial batch responses', () => {
    t.hasResourceProperties('AWS::SQS::Queue', {
      RedrivePolicy: { deadLetterTargetArn: Match.anyValue(), maxReceiveCount: 5 },
    });
    t.hasResourceProperties('AWS::Lambda::EventSourceMapping', { FunctionResponseTypes: ['ReportBatchItemFailures'] });
  });

  it('holds exactly the background functions the manifest declares: sweeps, schedule groups, queue consumers', () => {
    const rules = Object.values(t.findResources('AWS::Events::Rule')) as Array<{
      Properties: { ScheduleExpression: string; Targets: Array<{ Input?: string }> };
    }>;
    expect(rules.map((r) => [r.Properties.ScheduleExpression, r.Properties.Targets[0]?.Input ?? null]).sort()).toEqual(
      Object.values(BACKGROUND.rules)
        .map((r) => [`rate(${r.rateMinutes} minutes)`, r.input ? JSON.stringify(r.input) : null])
        .sort(),
    );
    const groups = Object.values(t.findResources('AWS::Scheduler::ScheduleGroup')) as Array<{
      Properties: { Name: string };
    }>;
    expect(groups.map((g) => g.Properties.Name)).toEqual(
      scheduleTargetsFor(stage).map((key) => BACKGROUND.scheduleTargets[key].group(stage)),
    );
    t.resourceCountIs('AWS::Lambda::EventSourceMapping', Object.keys(BACKGROUND.queues).length);
  });

  it("retries are new messages sent by whoever attempted, on a queue whose visibility is 6x the worker's timeout", () => {
    const spec = BACKGROUND.queues.webhookRetries;
    t.hasResourceProperties('AWS::SQS::Queue', {
      VisibilityTimeout: spec.visibilityTimeoutSeconds,
      RedrivePolicy: { deadLetterTargetArn: Match.anyValue(), maxReceiveCount: spec.maxReceiveCount },
    });
    expect(spec.visibilityTimeoutSeconds).toBeGreaterThanOrEqual(6 * spec.consumer.timeoutSeconds);
    t.hasResourceProperties('AWS::Lambda::EventSourceMapping', { BatchSize: spec.batchSize });
    const fns = Object.values(t.findResources('AWS::Lambda::Function')) as Array<{
      Properties: { Timeout?: number; Environment?: { Variables?: Record<string, unknown> } };
    }>;
    const withQueue = fns.filter((f) => f.Properties.Environment?.Variables?.WEBHOOK_QUEUE_URL);
    // The worker, the sweep, the placement function and every route that writes orders.
    expect(withQueue.length).toBeGreaterThanOrEqual(8);
    expect(fns.some((f) => f.Properties.Timeout === spec.consumer.timeoutSeconds)).toBe(true);
    expect(fns.some((f) => f.Properties.Environment?.Variables?.PLACEMENT_DLQ_ARN)).toBe(true);
  });

  it('alarms on operator alerts, the DLQ and 5xx rates, and keeps logs for a set time', () => {
    t.hasResourceProperties('AWS::CloudWatch::Alarm', { MetricName: 'OperatorAlerts', Namespace: 'LabTests' });
    t.hasResourceProperties('AWS::CloudWatch::Alarm', { MetricName: 'ApproximateNumberOfMessagesVisible' });
    t.hasResourceProperties('AWS::CloudWatch::Alarm', { MetricName: '5XXError' });
    t.allResourcesProperties('AWS::Logs::LogGroup', { RetentionInDays: Match.anyValue() });
  });

  it('least privilege: public functions cannot touch order data or documents', () => {
    const policies = t.findResources('AWS::IAM::Policy');
    for (const fn of ['PublicQuote', 'PublicAvailability', 'PublicTests', 'McpFn', 'Mcp']) {
      const policy = Object.entries(policies).find(([id]) => id.startsWith(fn));
      if (!policy) continue;
      const text = JSON.stringify(policy[1]);
      expect(text, fn).not.toContain('Orders');
      expect(text, fn).not.toContain('Documents');
      expect(text, fn).not.toContain('Idempotency');
    }
  });

  it('gives the functions that wait on Stripe or a webhook receiver all of API Gateway’s 29 seconds, the rest 15', () => {
    const fns = t.findResources('AWS::Lambda::Function');
    const timeoutOf = (fn: string) =>
      Object.entries(fns).find(([id]) => new RegExp(`^${fn}Fn[0-9A-F]{8}$`).test(id))?.[1].Properties.Timeout;
    // Routes that share a handler module share the Lambda made for the first of them.
    const seen = new Set<string>();
    for (const route of deployedRoutes(STAGES[stage])) {
      if (seen.has(route.entry)) continue;
      seen.add(route.entry);
      expect(timeoutOf(route.fn), route.fn).toBe(route.timeoutSeconds ?? 15);
    }
    expect(timeoutOf('PartnerOrdersCancel')).toBe(28);
    expect(timeoutOf('PartnerOrdersCreate')).toBe(28);
  });

  it('lets partner creation add keys to its own usage plan only', () => {
    const policies = JSON.stringify(t.findResources('AWS::IAM::Policy'));
    expect(policies).toContain('apigateway:POST');
    expect(policies).toContain('/usageplans/');
    t.hasResourceProperties('AWS::Lambda::Function', {
      Environment: { Variables: Match.objectLike({ USAGE_PLAN_ID: Match.anyValue() }) },
    });
  });

  it('reads the Stripe key and the cursor secret from Secrets Manager, never from plain environment values', () => {
    const fns = JSON.stringify(t.findResources('AWS::Lambda::Function'));
    expect(fns).toContain('STRIPE_SECRET_ARN');
    expect(fns).toContain('CURSOR_SECRET_ARN');
    expect(fns).not.toContain('STRIPE_SECRET_KEY');
    expect(JSON.stringify(t.findResources('AWS::IAM::Policy'))).toContain('secretsmanager:GetSecretValue');
  });

  it('keeps every template of the stage (data, stateless, nested) at 400 resources or fewer: 100 of headroom each', () => {
    const service = synthesize().stacks[`LabTests-${stage}`] as ServiceStack;
    const nested = service.node.findAll().filter((c): c is NestedStack => c instanceof NestedStack);
    expect(nested.length).toBeGreaterThan(0);
    for (const stack of [service.dataStack, service, ...nested]) {
      const count = Object.keys(Template.fromStack(stack).toJSON().Resources).length;
      expect(count, stack.node.path).toBeLessThanOrEqual(400);
    }
  }, 60_000);

  it('seeds the catalogue at deploy time with a custom resource', () => {
    t.resourceCountIs('AWS::CloudFormation::CustomResource', 1);
  });
});
