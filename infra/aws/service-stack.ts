import { CfnOutput, CustomResource, Duration, Stack, Validations, type StackProps } from 'aws-cdk-lib';
import { FunctionUrlAuthType, HttpMethod } from 'aws-cdk-lib/aws-lambda';
import { RemovalPolicy } from 'aws-cdk-lib';
import { BlockPublicAccess, Bucket, BucketEncryption, ObjectOwnership, StorageClass } from 'aws-cdk-lib/aws-s3';
import { AUDIT_RETENTION_SECONDS } from '../../shared/adapters/dynamodb/audit-log.js';
import { CfnScheduleGroup } from 'aws-cdk-lib/aws-scheduler';
import { AccountRootPrincipal, PolicyStatement, Role, ServicePrincipal, type IGrantable } from 'aws-cdk-lib/aws-iam';
import { Rule, RuleTargetInput, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import { Alarm, Metric, TreatMissingData } from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { CfnWebACL, CfnWebACLAssociation } from 'aws-cdk-lib/aws-wafv2';
import { acknowledgeNagFindings } from './nag.js';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { Certificate } from 'aws-cdk-lib/aws-certificatemanager';
import { LogGroup, RetentionDays, type ILogGroup } from 'aws-cdk-lib/aws-logs';
import {
  AccessLogFormat,
  ApiKeySourceType,
  AuthorizationType,
  Cors,
  EndpointType,
  IdentitySource,
  LambdaIntegration,
  LogGroupLogDestination,
  MethodLoggingLevel,
  Period,
  RequestAuthorizer,
  ResponseType,
  RestApi,
  SecurityPolicy,
  type IResource,
  type MethodOptions,
} from 'aws-cdk-lib/aws-apigateway';
import { Key } from 'aws-cdk-lib/aws-kms';
import { Provider } from 'aws-cdk-lib/custom-resources';
import type { Construct } from 'constructs';
import {
  BACKGROUND,
  PARTNER_AUTHORIZER,
  ROUTES,
  type ApiKind,
  type Background,
  type Route,
} from '../../shared/routes.js';
import { MCP_CORS } from '../../shared/mcp/cors.js';
import { DataTables } from './constructs/data-tables.js';
import { ALERT_METRIC, ServiceFunction } from './constructs/service-function.js';
import { labEnvironment, type StageConfig } from './stages.js';
import catalogSeed from '../../data/catalog.json' with { type: 'json' };

const AUDIT_RETENTION_DAYS = Math.ceil(AUDIT_RETENTION_SECONDS / 86_400);

export interface ServiceStackProps extends StackProps {
  stage: StageConfig;
}

/** Adds every route of one API from the route table, one Lambda per route. */
function resourceFor(api: RestApi, path: string): IResource {
  return path
    .split('/')
    .filter(Boolean)
    .reduce<IResource>((res, part) => res.getResource(part) ?? res.addResource(part), api.root);
}

export class ServiceStack extends Stack {
  readonly functions = new Map<Route, ServiceFunction>();
  readonly apis: Partial<Record<ApiKind, RestApi>> = {};
  usagePlanId = '';

  constructor(scope: Construct, id: string, props: ServiceStackProps) {
    super(scope, id, props);
    const { stage } = props;
    const key = new Key(this, 'DataKey', { enableKeyRotation: true, description: 'Lab test service data at rest' });
    const data = new DataTables(this, 'Data', { stage, key });

    // Every request to the documents bucket (presigned downloads included) is logged here: S3
    // server access logs, SSE-S3 (the only encryption log delivery supports), kept six years.
    const documentsAccessLogs = new Bucket(this, 'DocumentsAccessLogs', {
      encryption: BucketEncryption.S3_MANAGED,
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      versioned: true,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_PREFERRED,
      removalPolicy: stage.retainData ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
      autoDeleteObjects: !stage.retainData,
      lifecycleRules: [
        {
          expiration: Duration.days(AUDIT_RETENTION_DAYS),
          noncurrentVersionExpiration: Duration.days(AUDIT_RETENTION_DAYS),
        },
      ],
    });
    // Requisition and result PDFs: private, KMS-encrypted, TLS only, handed out as signed URLs.
    const documents = new Bucket(this, 'Documents', {
      serverAccessLogsBucket: documentsAccessLogs,
      serverAccessLogsPrefix: 'documents/',
      encryption: BucketEncryption.KMS,
      encryptionKey: key,
      bucketKeyEnabled: true,
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      versioned: true,
      removalPolicy: stage.retainData ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
      autoDeleteObjects: !stage.retainData,
      lifecycleRules: [
        { abortIncompleteMultipartUploadAfter: Duration.days(1) },
        { noncurrentVersionExpiration: Duration.days(30) },
        { transitions: [{ storageClass: StorageClass.INFREQUENT_ACCESS, transitionAfter: Duration.days(90) }] },
      ],
    });
    // Secrets stay in Secrets Manager; functions get the ARN and read the value on first use.
    // The Stripe key is created by the operator before the first deploy (see the README).
    const secrets = {
      stripe: Secret.fromSecretNameV2(this, 'StripeKey', `lab-tests/${stage.stage}/stripe-secret-key`),
      // The signing secret of the Stripe endpoint pointed at the StripeWebhookUrl output.
      stripeWebhook: Secret.fromSecretNameV2(
        this,
        'StripeWebhookSecret',
        `lab-tests/${stage.stage}/stripe-webhook-secret`,
      ),
      cursor: new Secret(this, 'CursorSecret', {
        encryptionKey: key,
        generateSecretString: { passwordLength: 48, excludePunctuation: true },
      }),
    };
    const secretEnv = {
      stripe: 'STRIPE_SECRET_ARN',
      cursor: 'CURSOR_SECRET_ARN',
      stripeWebhook: 'STRIPE_WEBHOOK_SECRET_ARN',
    } as const;
    const common = {
      SERVICE_ENVIRONMENT: stage.stage,
      DOCUMENTS_BUCKET: documents.bucketName,
      ...labEnvironment(stage),
    };
    const logGroup = new LogGroup(this, 'FunctionLogs', {
      retention: stage.logRetentionDays as RetentionDays,
      removalPolicy: stage.retainData ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    });
    const fnProps = { data, environment: common, logGroup };

    this.apis.public = new RestApi(this, 'PublicApi', {
      restApiName: `lab-tests-public-${stage.stage}`,
      endpointConfiguration: { types: [EndpointType.REGIONAL] },
      defaultCorsPreflightOptions: {
        allowOrigins: Cors.ALL_ORIGINS,
        allowMethods: ['GET', 'OPTIONS'],
        allowHeaders: ['Content-Type', 'Accept'],
      },
      deployOptions: {
        stageName: 'v1',
        tracingEnabled: true,
        loggingLevel: MethodLoggingLevel.ERROR,
        metricsEnabled: true,
      },
    });

    const deployOptions = {
      stageName: 'v1',
      tracingEnabled: true,
      loggingLevel: MethodLoggingLevel.ERROR,
      metricsEnabled: true,
    };
    // Access logs name who called (the authorizer's partner and key, or the operator's IAM ARN),
    // never a body or query string; kept six years in production beside the audit table.
    const accessLog = (id: string, caller: Record<string, string>) => ({
      accessLogDestination: new LogGroupLogDestination(
        new LogGroup(this, id, {
          retention: stage.retainData ? RetentionDays.SIX_YEARS : (stage.logRetentionDays as RetentionDays),
        }),
      ),
      accessLogFormat: AccessLogFormat.custom(
        JSON.stringify({
          requestId: '$context.requestId',
          time: '$context.requestTime',
          method: '$context.httpMethod',
          resource: '$context.resourcePath',
          path: '$context.path',
          status: '$context.status',
          latencyMs: '$context.responseLatency',
          sourceIp: '$context.identity.sourceIp',
          ...caller,
        }),
      ),
    });
    this.apis.partner = new RestApi(this, 'PartnerApi', {
      // API Gateway's CloudWatch role is an account setting: the public API's one serves all three.
      cloudWatchRole: false,
      restApiName: `lab-tests-partner-${stage.stage}`,
      endpointConfiguration: { types: [EndpointType.REGIONAL] },
      // Each partner's usage-plan key comes from the authorizer, so throttling is per partner.
      apiKeySourceType: ApiKeySourceType.AUTHORIZER,
      deployOptions: {
        ...deployOptions,
        ...accessLog('PartnerAccessLogs', {
          partnerId: '$context.authorizer.partnerId',
          keyId: '$context.authorizer.keyId',
        }),
      },
    });
    this.apis.operator = new RestApi(this, 'OperatorApi', {
      cloudWatchRole: false,
      restApiName: `lab-tests-operator-${stage.stage}`,
      endpointConfiguration: { types: [EndpointType.REGIONAL] },
      defaultMethodOptions: { authorizationType: AuthorizationType.IAM },
      deployOptions: { ...deployOptions, ...accessLog('OperatorAccessLogs', { caller: '$context.identity.userArn' }) },
    });
    // The account's CloudWatch role (set by the public API) must exist before the other stages log.
    const account = this.apis.public.node.tryFindChild('Account');
    if (account)
      for (const api of [this.apis.partner, this.apis.operator]) api.deploymentStage.node.addDependency(account);

    const authorizerFn = new ServiceFunction(this, PARTNER_AUTHORIZER.fn, {
      ...fnProps,
      entry: PARTNER_AUTHORIZER.entry,
      tables: PARTNER_AUTHORIZER.tables,
    });
    const authorizer = new RequestAuthorizer(this, 'PartnerKeyAuthorizer', {
      handler: authorizerFn.fn,
      identitySources: [IdentitySource.header('Authorization')],
      // No caching: a revoked key must stop working on its next request.
      resultsCacheTtl: Duration.seconds(0),
    });
    // API Gateway answers these itself (no header; no usage-plan key because the authorizer
    // refused the key): give them the spec's error shape and code.
    this.apis.partner.addGatewayResponse('MissingKey', {
      type: ResponseType.UNAUTHORIZED,
      statusCode: '401',
      templates: {
        'application/json':
          '{"error":{"code":"invalid_api_key","message":"The API key is missing, malformed, unknown or revoked."}}',
      },
    });
    this.apis.partner.addGatewayResponse('RefusedKey', {
      type: ResponseType.INVALID_API_KEY,
      statusCode: '401',
      templates: {
        'application/json': '{"error":{"code":"$context.authorizer.authError","message":"The API key was refused."}}',
      },
    });
    // Over the usage plan's rate: the documented 429 (rate_limited, Retry-After), not API Gateway's own body.
    this.apis.partner.addGatewayResponse('Throttled', {
      type: ResponseType.THROTTLED,
      statusCode: '429',
      responseHeaders: { 'Retry-After': "'1'" },
      templates: {
        'application/json':
          '{"error":{"code":"rate_limited","message":"Too many requests for this key. Retry after the number of seconds in Retry-After."}}',
      },
    });
    const standardPlan = this.apis.partner.addUsagePlan('StandardTier', {
      name: `lab-tests-standard-${stage.stage}`,
      throttle: { rateLimit: 50, burstLimit: 100 },
      quota: { limit: 200_000, period: Period.MONTH },
      apiStages: [{ stage: this.apis.partner.deploymentStage }],
    });
    this.usagePlanId = standardPlan.usagePlanId;

    const methodOptions = (route: Route): MethodOptions =>
      route.auth === 'partner' ? { authorizer, authorizationType: AuthorizationType.CUSTOM, apiKeyRequired: true } : {};

    // Routes that share a handler module share one Lambda (fewer functions, fewer cold starts).
    const byEntry = new Map<string, ServiceFunction>();
    for (const route of ROUTES) {
      if (route.localOnly) continue;
      const shared = byEntry.get(route.entry);
      if (shared) {
        this.functions.set(route, shared);
        resourceFor(this.apis[route.api] as RestApi, route.path).addMethod(
          route.method,
          new LambdaIntegration(shared.fn, { allowTestInvoke: false, scopePermissionToMethod: false }),
          methodOptions(route),
        );
        continue;
      }
      const fn = new ServiceFunction(this, route.fn, {
        ...fnProps,
        entry: route.entry,
        tables: route.tables,
        ...(route.documents ? { documents: { bucket: documents, access: route.documents } } : {}),
        ...(route.timeoutSeconds ? { timeout: Duration.seconds(route.timeoutSeconds) } : {}),
        ...(route.api === 'mcp' ? { reservedConcurrentExecutions: stage.mcpReservedConcurrency } : {}),
        ...(route.bundleFiles ? { bundleFiles: route.bundleFiles } : {}),
      });
      this.functions.set(route, fn);
      byEntry.set(route.entry, fn);
      for (const name of route.secrets ?? []) {
        secrets[name].grantRead(fn.fn);
        fn.fn.addEnvironment(secretEnv[name], secrets[name].secretArn);
      }
      if (route.api === 'mcp') {
        // Stateless, keyless MCP over StreamableHTTP; reserved concurrency is its safety valve.
        const url = fn.fn.addFunctionUrl({
          authType: FunctionUrlAuthType.NONE,
          cors: {
            allowedOrigins: [...MCP_CORS.allowOrigins],
            allowedMethods: MCP_CORS.allowMethods.map((m) => HttpMethod[m]),
            allowedHeaders: [...MCP_CORS.allowHeaders],
            maxAge: Duration.seconds(MCP_CORS.maxAgeSeconds),
          },
        });
        new CfnOutput(this, 'McpUrl', { value: url.url });
        continue;
      }
      const api = this.apis[route.api];
      if (!api) continue;
      // No test-invoke permission per method: it doubles the Lambda permissions for a console feature.
      resourceFor(api, route.path).addMethod(
        route.method,
        new LambdaIntegration(fn.fn, { allowTestInvoke: false, scopePermissionToMethod: false }),
        methodOptions(route),
      );
    }

    // The lab's own identity: a role that may call its results route and nothing else.
    const labRole = new Role(this, 'LabResultsRole', { assumedBy: new AccountRootPrincipal() });
    const operatorApi = this.apis.operator as RestApi;
    labRole.addToPolicy(
      new PolicyStatement({
        actions: ['execute-api:Invoke'],
        resources: [operatorApi.arnForExecuteApi('POST', '/lab/v1/oru', operatorApi.deploymentStage.stageName)],
      }),
    );
    new CfnOutput(this, 'LabResultsRoleArn', { value: labRole.roleArn });

    // A coarse per-IP shield in front of the public API; the exact 60-request burst stays the DynamoDB limiter.
    const waf = new CfnWebACL(this, 'PublicWaf', {
      scope: 'REGIONAL',
      defaultAction: { allow: {} },
      visibilityConfig: {
        cloudWatchMetricsEnabled: true,
        metricName: 'lab-tests-public',
        sampledRequestsEnabled: true,
      },
      rules: [
        {
          name: 'per-ip-rate',
          priority: 0,
          action: { block: {} },
          statement: { rateBasedStatement: { aggregateKeyType: 'IP', limit: stage.wafRequestsPer5Minutes } },
          visibilityConfig: { cloudWatchMetricsEnabled: true, metricName: 'per-ip-rate', sampledRequestsEnabled: true },
        },
      ],
    });
    new CfnWebACLAssociation(this, 'PublicWafAssociation', {
      resourceArn: this.apis.public.deploymentStage.stageArn,
      webAclArn: waf.attrArn,
    });

    const createPartner = [...this.functions].find(([r]) => r.fn === 'AdminPartnersCreate')?.[1];
    if (createPartner) {
      // New partners get their own key in the standard usage plan (per-partner throttling).
      createPartner.fn.addEnvironment('USAGE_PLAN_ID', standardPlan.usagePlanId);
      createPartner.fn.addToRolePolicy(
        new PolicyStatement({
          actions: ['apigateway:POST'],
          resources: [
            this.formatArn({ service: 'apigateway', account: '', resource: '/apikeys' }),
            this.formatArn({
              service: 'apigateway',
              account: '',
              resource: `/usageplans/${standardPlan.usagePlanId}/keys`,
            }),
          ],
        }),
      );
    }

    for (const [kind, domain] of Object.entries(stage.domains ?? {})) {
      const api = this.apis[kind as ApiKind];
      if (domain && api) {
        api.addDomainName(`${kind}Domain`, {
          domainName: domain.name,
          certificate: Certificate.fromCertificateArn(this, `${kind}Certificate`, domain.certificateArn),
          securityPolicy: SecurityPolicy.TLS_1_2,
        });
      }
    }

    new CfnOutput(this, 'StripeWebhookUrl', {
      value: `${this.apis.public.url}stripe/webhook`,
      description:
        "Stripe's webhook endpoint for this stage (events: payment_intent.*, charge.refunded, refund.updated)",
    });
    const stripeSecret = { grant: (fn: IGrantable) => secrets.stripe.grantRead(fn), arn: secrets.stripe.secretArn };
    const placement = this.addPlacement(fnProps, documents, stage, stripeSecret);
    this.addSettlement(fnProps, stripeSecret);
    acknowledgeNagFindings(this);
    this.addAlarms(this.addWebhookDelivery(fnProps, [...this.functions.values(), placement.fn]), placement.dlq);

    // Deploy-time seeding of the catalogue from the versioned seed data bundled into the function.
    const seeder = new ServiceFunction(this, 'SeedCatalog', {
      ...fnProps,
      entry: 'functions/ops/seed-catalog.ts',
      tables: { catalog: 'readWrite' },
      timeout: Duration.minutes(2),
    });
    const provider = new Provider(this, 'SeedCatalogProvider', { onEventHandler: seeder.fn });
    new CustomResource(this, 'CatalogSeed', {
      serviceToken: provider.serviceToken,
      properties: { seedVersion: seedVersion() },
    });
  }

  /**
   * Placement: one-time schedules per order (created by order creation), and the sweep every 5
   * minutes, which also recovers orders left part-way (it retries refunds, hence the Stripe key).
   */
  private addPlacement(
    fnProps: FnProps,
    documents: Bucket,
    stage: StageConfig,
    stripe: { grant: (fn: IGrantable) => void; arn: string },
  ): { fn: ServiceFunction; dlq: Queue } {
    const target = BACKGROUND.scheduleTargets.placement;
    const placement = new ServiceFunction(this, target.fn, {
      ...fnProps,
      entry: target.entry,
      tables: { orders: 'readWrite', catalog: 'read' },
      documents: { bucket: documents, access: 'readWrite' },
      timeout: Duration.minutes(5),
    });
    stripe.grant(placement.fn);
    placement.fn.addEnvironment('STRIPE_SECRET_ARN', stripe.arn);
    const group = new CfnScheduleGroup(this, 'PlacementSchedules', { name: target.group(stage.stage) });
    const schedulerRole = new Role(this, 'PlacementSchedulerRole', {
      assumedBy: new ServicePrincipal('scheduler.amazonaws.com'),
    });
    placement.fn.grantInvoke(schedulerRole);
    // Every placement schedule's dead-letter queue: events the target refused after its retries.
    const dlq = new Queue(this, 'PlacementDlq', {
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: Duration.days(14),
    });
    dlq.grantSendMessages(schedulerRole);
    Validations.of(dlq).acknowledge({
      id: 'AwsSolutions::AwsSolutions-SQS3',
      reason: 'This queue is itself a dead-letter queue: the Scheduler’s, for placement schedules.',
    });
    const create = [...this.functions].find(([r]) => r.fn === 'PartnerOrdersCreate')?.[1];
    if (create) {
      create.fn.addEnvironment('PLACEMENT_SCHEDULE_GROUP', group.ref);
      create.fn.addEnvironment('PLACEMENT_TARGET_ARN', placement.fn.functionArn);
      create.fn.addEnvironment('PLACEMENT_ROLE_ARN', schedulerRole.roleArn);
      create.fn.addEnvironment('PLACEMENT_DLQ_ARN', dlq.queueArn);
      // Create schedules in this group only, and hand them only the scheduler's role.
      create.fn.addToRolePolicy(
        new PolicyStatement({
          actions: ['scheduler:CreateSchedule'],
          resources: [this.formatArn({ service: 'scheduler', resource: 'schedule', resourceName: `${group.ref}/*` })],
        }),
      );
      schedulerRole.grantPassRole(create.fn.grantPrincipal);
    }
    const sweep = BACKGROUND.rules['placement-sweep'] as Background['rules'][string];
    new Rule(this, 'PlacementSweep', {
      schedule: Schedule.rate(Duration.minutes(sweep.rateMinutes)),
      targets: [new LambdaFunction(placement.fn, { event: RuleTargetInput.fromObject(sweep.input) })],
    });
    return { fn: placement, dlq };
  }

  /** The settlement sweep (shared/app/settle-payments.ts): every key that moved money ends in an order or a refund. */
  private addSettlement(fnProps: FnProps, stripe: { grant: (fn: IGrantable) => void; arn: string }): void {
    const settle = new ServiceFunction(this, 'SettlePayments', {
      ...fnProps,
      entry: 'functions/ops/settle-payments.ts',
      tables: { idempotency: 'readWrite' },
      timeout: Duration.minutes(5),
    });
    stripe.grant(settle.fn);
    settle.fn.addEnvironment('STRIPE_SECRET_ARN', stripe.arn);
    const sweep = BACKGROUND.rules['settlement-sweep'] as Background['rules'][string];
    new Rule(this, 'SettlementSweep', {
      schedule: Schedule.rate(Duration.minutes(sweep.rateMinutes)),
      targets: [new LambdaFunction(settle.fn)],
    });
  }

  /**
   * Webhook retries: each retry is its own SQS message, delayed to its due time (hops of up to 15
   * minutes for longer gaps), sent by whichever function made the failed attempt; a worker
   * consumes them and a 5-minute backstop sweep re-sends any a lost message left overdue.
   */
  private addWebhookDelivery(fnProps: FnProps, senders: ServiceFunction[]): Queue {
    const spec = BACKGROUND.queues.webhookRetries;
    const dlq = new Queue(this, 'WebhookDlq', {
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: Duration.days(14),
    });
    const queue = new Queue(this, 'WebhookDeliveries', {
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      visibilityTimeout: Duration.seconds(spec.visibilityTimeoutSeconds),
      deadLetterQueue: { queue: dlq, maxReceiveCount: spec.maxReceiveCount },
    });
    const sweep = BACKGROUND.rules['webhook-retry-sweep'] as Background['rules'][string];
    const cron = new ServiceFunction(this, sweep.fn, { ...fnProps, entry: sweep.entry, tables: { orders: 'read' } });
    new Rule(this, 'WebhookRetryCron', {
      schedule: Schedule.rate(Duration.minutes(sweep.rateMinutes)),
      targets: [new LambdaFunction(cron.fn)],
    });
    const worker = new ServiceFunction(this, spec.consumer.fn, {
      ...fnProps,
      entry: spec.consumer.entry,
      tables: { orders: 'readWrite' },
      timeout: Duration.seconds(spec.consumer.timeoutSeconds),
    });
    worker.fn.addEventSource(new SqsEventSource(queue, { batchSize: spec.batchSize, reportBatchItemFailures: true }));
    // Whoever attempts a delivery (inline on a transition, or the worker) enqueues its retry.
    const writers = new Set(senders.filter((f) => f.writesOrders));
    for (const f of [...writers, cron, worker]) {
      f.fn.addEnvironment('WEBHOOK_QUEUE_URL', queue.queueUrl);
      queue.grantSendMessages(f.fn);
    }
    return dlq;
  }

  private addAlarms(...dlqs: Queue[]): void {
    const topic = new Topic(this, 'OperatorAlarms', { enforceSSL: true });
    const alarms = [
      new Alarm(this, 'OperatorAlertsAlarm', {
        alarmDescription:
          'Refund pending, order write failed after a charge, placement unconfirmed, requisition not issued, or a webhook delivery failed: find the log line with the alert field.',
        metric: new Metric({
          namespace: ALERT_METRIC.namespace,
          metricName: ALERT_METRIC.metricName,
          statistic: 'Sum',
          period: Duration.minutes(5),
        }),
        threshold: 1,
        evaluationPeriods: 1,
        treatMissingData: TreatMissingData.NOT_BREACHING,
      }),
      ...dlqs.map(
        (dlq, i) =>
          new Alarm(this, i === 0 ? 'WebhookDlqAlarm' : `DlqAlarm${i}`, {
            metric: dlq.metricApproximateNumberOfMessagesVisible(),
            threshold: 1,
            evaluationPeriods: 1,
            treatMissingData: TreatMissingData.NOT_BREACHING,
          }),
      ),
      ...Object.entries(this.apis).map(
        ([kind, api]) =>
          new Alarm(this, `${kind}Api5xxAlarm`, {
            metric: (api as RestApi).metricServerError({ period: Duration.minutes(5) }),
            threshold: 5,
            evaluationPeriods: 1,
            treatMissingData: TreatMissingData.NOT_BREACHING,
          }),
      ),
      ...Object.entries(this.apis).map(
        ([kind, api]) =>
          new Alarm(this, `${kind}ApiThrottleAlarm`, {
            metric: (api as RestApi).metricClientError({ period: Duration.minutes(5) }),
            threshold: 500,
            evaluationPeriods: 1,
            treatMissingData: TreatMissingData.NOT_BREACHING,
          }),
      ),
    ];
    for (const a of alarms) a.addAlarmAction(new SnsAction(topic));
  }
}

export interface FnProps {
  data: DataTables;
  environment: Record<string, string>;
  logGroup: ILogGroup;
}

/** A new seed version re-runs the custom resource, so a deploy ships catalogue changes. */
function seedVersion(): string {
  return String((catalogSeed as { version: string }).version);
}
