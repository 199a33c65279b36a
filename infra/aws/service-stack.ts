import { CfnOutput, CustomResource, Duration, Stack, type StackProps } from 'aws-cdk-lib';
import { FunctionUrlAuthType, HttpMethod } from 'aws-cdk-lib/aws-lambda';
import { RemovalPolicy } from 'aws-cdk-lib';
import { BlockPublicAccess, Bucket, BucketEncryption, StorageClass } from 'aws-cdk-lib/aws-s3';
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
import {
  ApiKeySourceType,
  AuthorizationType,
  Cors,
  EndpointType,
  IdentitySource,
  LambdaIntegration,
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
import { PARTNER_AUTHORIZER, ROUTES, type ApiKind, type Route } from '../../shared/routes.js';
import { DataTables } from './constructs/data-tables.js';
import { ALERT_METRIC, ServiceFunction } from './constructs/service-function.js';
import { labEnvironment, type StageConfig } from './stages.js';
import catalogSeed from '../../data/catalog.json' with { type: 'json' };

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

    // Requisition and result PDFs: private, KMS-encrypted, TLS only, handed out as signed URLs.
    const documents = new Bucket(this, 'Documents', {
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
      cursor: new Secret(this, 'CursorSecret', {
        encryptionKey: key,
        generateSecretString: { passwordLength: 48, excludePunctuation: true },
      }),
    };
    const secretEnv = { stripe: 'STRIPE_SECRET_ARN', cursor: 'CURSOR_SECRET_ARN' } as const;
    const common = {
      SERVICE_ENVIRONMENT: stage.stage,
      DOCUMENTS_BUCKET: documents.bucketName,
      ...labEnvironment(stage),
    };
    const fnProps = { data, environment: common, logRetentionDays: stage.logRetentionDays };

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
    this.apis.partner = new RestApi(this, 'PartnerApi', {
      restApiName: `lab-tests-partner-${stage.stage}`,
      endpointConfiguration: { types: [EndpointType.REGIONAL] },
      // Each partner's usage-plan key comes from the authorizer, so throttling is per partner.
      apiKeySourceType: ApiKeySourceType.AUTHORIZER,
      deployOptions,
    });
    this.apis.operator = new RestApi(this, 'OperatorApi', {
      restApiName: `lab-tests-operator-${stage.stage}`,
      endpointConfiguration: { types: [EndpointType.REGIONAL] },
      defaultMethodOptions: { authorizationType: AuthorizationType.IAM },
      deployOptions,
    });

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
          new LambdaIntegration(shared.fn, { allowTestInvoke: false }),
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
            allowedOrigins: ['*'],
            allowedMethods: [HttpMethod.POST],
            allowedHeaders: ['content-type', 'accept', 'mcp-protocol-version'],
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
        new LambdaIntegration(fn.fn, { allowTestInvoke: false }),
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

    this.addPlacement(fnProps, documents, stage, {
      grant: (fn) => secrets.stripe.grantRead(fn),
      arn: secrets.stripe.secretArn,
    });
    acknowledgeNagFindings(this);
    this.addAlarms(this.addWebhookDelivery(fnProps));

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
  ): void {
    const placement = new ServiceFunction(this, 'Placement', {
      ...fnProps,
      entry: 'functions/ops/placement.ts',
      tables: { orders: 'readWrite', catalog: 'read' },
      documents: { bucket: documents, access: 'readWrite' },
      timeout: Duration.minutes(5),
    });
    stripe.grant(placement.fn);
    placement.fn.addEnvironment('STRIPE_SECRET_ARN', stripe.arn);
    const group = new CfnScheduleGroup(this, 'PlacementSchedules', { name: `lab-tests-placement-${stage.stage}` });
    const schedulerRole = new Role(this, 'PlacementSchedulerRole', {
      assumedBy: new ServicePrincipal('scheduler.amazonaws.com'),
    });
    placement.fn.grantInvoke(schedulerRole);
    const create = [...this.functions].find(([r]) => r.fn === 'PartnerOrdersCreate')?.[1];
    if (create) {
      create.fn.addEnvironment('PLACEMENT_SCHEDULE_GROUP', group.ref);
      create.fn.addEnvironment('PLACEMENT_TARGET_ARN', placement.fn.functionArn);
      create.fn.addEnvironment('PLACEMENT_ROLE_ARN', schedulerRole.roleArn);
      // Create schedules in this group only, and hand them only the scheduler's role.
      create.fn.addToRolePolicy(
        new PolicyStatement({
          actions: ['scheduler:CreateSchedule'],
          resources: [this.formatArn({ service: 'scheduler', resource: 'schedule', resourceName: `${group.ref}/*` })],
        }),
      );
      schedulerRole.grantPassRole(create.fn.grantPrincipal);
    }
    new Rule(this, 'PlacementSweep', {
      schedule: Schedule.rate(Duration.minutes(5)),
      targets: [new LambdaFunction(placement.fn, { event: RuleTargetInput.fromObject({ sweep: true }) })],
    });
  }

  /** Webhook retries: a 5-minute cron hands due deliveries to SQS; a worker attempts them. */
  private addWebhookDelivery(fnProps: FnProps): Queue {
    const dlq = new Queue(this, 'WebhookDlq', {
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: Duration.days(14),
    });
    const queue = new Queue(this, 'WebhookDeliveries', {
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      visibilityTimeout: Duration.seconds(90),
      deadLetterQueue: { queue: dlq, maxReceiveCount: 5 },
    });
    const cron = new ServiceFunction(this, 'WebhookCron', {
      ...fnProps,
      entry: 'functions/ops/webhook-cron.ts',
      tables: { orders: 'read' },
      environment: { ...fnProps.environment, WEBHOOK_QUEUE_URL: queue.queueUrl },
    });
    queue.grantSendMessages(cron.fn);
    new Rule(this, 'WebhookRetryCron', {
      schedule: Schedule.rate(Duration.minutes(5)),
      targets: [new LambdaFunction(cron.fn)],
    });
    const worker = new ServiceFunction(this, 'WebhookWorker', {
      ...fnProps,
      entry: 'functions/ops/webhook-worker.ts',
      tables: { orders: 'readWrite' },
      timeout: Duration.seconds(60),
    });
    worker.fn.addEventSource(new SqsEventSource(queue, { batchSize: 5, reportBatchItemFailures: true }));
    return dlq;
  }

  private addAlarms(dlq: Queue): void {
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
      new Alarm(this, 'WebhookDlqAlarm', {
        metric: dlq.metricApproximateNumberOfMessagesVisible(),
        threshold: 1,
        evaluationPeriods: 1,
        treatMissingData: TreatMissingData.NOT_BREACHING,
      }),
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
  logRetentionDays: number;
}

/** A new seed version re-runs the custom resource, so a deploy ships catalogue changes. */
function seedVersion(): string {
  return String((catalogSeed as { version: string }).version);
}
