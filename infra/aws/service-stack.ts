import { CfnOutput, CustomResource, Duration, Stack, Validations, type StackProps } from 'aws-cdk-lib';
import { FunctionUrlAuthType, HttpMethod } from 'aws-cdk-lib/aws-lambda';
import { RemovalPolicy, Size } from 'aws-cdk-lib';
import { BlockPublicAccess, Bucket, BucketEncryption, ObjectOwnership, StorageClass } from 'aws-cdk-lib/aws-s3';
import { AUDIT_RETENTION_SECONDS } from '../../shared/adapters/dynamodb/audit-log.js';
import { CfnScheduleGroup } from 'aws-cdk-lib/aws-scheduler';
import { AccountRootPrincipal, PolicyStatement, Role, ServicePrincipal, type IGrantable } from 'aws-cdk-lib/aws-iam';
import { Rule, RuleTargetInput, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import { LogGroup, RetentionDays, type ILogGroup } from 'aws-cdk-lib/aws-logs';
import { acknowledge, arnRef, aws, hipaa, iam5, nagRegion, STACK_WIDE } from './nag.js';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { Certificate } from 'aws-cdk-lib/aws-certificatemanager';
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
import { ServiceFunction, type ServiceFunctionProps } from './constructs/service-function.js';
import { ServiceAlarms } from './constructs/alarms.js';
import { ApiFirewall } from './constructs/api-firewall.js';
import { labEnvironment, type StageConfig } from './stages.js';
import catalogSeed from '../../data/catalog.json' with { type: 'json' };

const AUDIT_RETENTION_DAYS = Math.ceil(AUDIT_RETENTION_SECONDS / 86_400);

export interface ServiceStackProps extends StackProps {
  stage: StageConfig;
}

/** Adds every route of one API from the route table, one Lambda per route. */
// API Gateway compresses answers over 1 KB (JSON, HTML) for clients that accept gzip or deflate.
const COMPRESS_ABOVE = Size.kibibytes(1);

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
  readonly alarms: ServiceAlarms;

  constructor(scope: Construct, id: string, props: ServiceStackProps) {
    super(scope, id, props);
    const { stage } = props;
    // Sandbox keys go with the stack (after KMS's 7-day wait); production keeps them with its data.
    const keyProps = {
      enableKeyRotation: true,
      removalPolicy: stage.retainData ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
      pendingWindow: Duration.days(stage.retainData ? 30 : 7),
    };
    const key = new Key(this, 'DataKey', { ...keyProps, description: 'Lab test service patient data at rest' });
    // Catalogue and rate limits: public functions use this key, never the patient-data key.
    const referenceKey = new Key(this, 'ReferenceDataKey', {
      ...keyProps,
      description: 'Lab test service reference data (catalogue, rate limits) at rest',
    });
    const data = new DataTables(this, 'Data', { stage, key, referenceKey });

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
    acknowledge(
      documentsAccessLogs,
      aws('S1', 'This bucket holds the documents bucket’s access logs; logging it would recurse.'),
      hipaa('S3BucketLoggingEnabled', 'As AwsSolutions-S1: the access-log bucket does not log itself.'),
      hipaa('S3DefaultEncryptionKMS', 'S3 delivers server access logs only to SSE-S3 buckets.'),
      hipaa(
        'S3BucketReplicationEnabled',
        'Access logs stay in the stack’s own region, beside the bucket they describe.',
      ),
    );
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
    acknowledge(
      documents,
      hipaa(
        'S3BucketReplicationEnabled',
        'Versioned bucket in one region; cross-region replication is a per-deployment decision, not part of the base stack.',
      ),
    );
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
    acknowledge(
      secrets.cursor,
      aws(
        'SMG4',
        'Rotating the cursor secret would invalidate open list cursors; it is rotated by a deploy that replaces it. Follow-up: a two-secret overlap.',
      ),
      hipaa('SecretsManagerRotationEnabled', 'As AwsSolutions-SMG4 for the cursor-signing secret.'),
    );
    const secretEnv = {
      stripe: 'STRIPE_SECRET_ARN',
      cursor: 'CURSOR_SECRET_ARN',
      stripeWebhook: 'STRIPE_WEBHOOK_SECRET_ARN',
    } as const;
    const logRetention = stage.logRetentionDays as RetentionDays;
    const removalPolicy = stage.retainData ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY;

    // Every API stage: throttled, traced, with JSON access logs (route template, never the raw path or query).
    // One access log group for the three APIs (each line names its API): stacks have a resource limit.
    // Kept six years in production, beside the audit table: they name who called.
    const accessLogs = new LogGroup(this, 'ApiAccessLogs', {
      retention: stage.retainData ? RetentionDays.SIX_YEARS : logRetention,
      removalPolicy,
    });
    const deployOptions = (kind: ApiKind) => ({
      stageName: STAGE_PREFIX,
      tracingEnabled: true,
      loggingLevel: MethodLoggingLevel.ERROR,
      metricsEnabled: true,
      throttlingRateLimit: stage.apiThrottle.rateLimit,
      throttlingBurstLimit: stage.apiThrottle.burstLimit,
      accessLogDestination: new LogGroupLogDestination(accessLogs),
      accessLogFormat: AccessLogFormat.custom(
        JSON.stringify({
          ...ACCESS_LOG_FIELDS,
          ...(kind === 'operator' ? { caller: '$context.identity.userArn' } : {}),
        }),
      ),
    });
    this.apis.public = new RestApi(this, 'PublicApi', {
      minCompressionSize: COMPRESS_ABOVE,
      restApiName: `lab-tests-public-${stage.stage}`,
      endpointConfiguration: { types: [EndpointType.REGIONAL] },
      defaultCorsPreflightOptions: {
        allowOrigins: Cors.ALL_ORIGINS,
        allowMethods: ['GET', 'OPTIONS'],
        allowHeaders: ['Content-Type', 'Accept'],
      },
      deployOptions: deployOptions('public'),
    });
    this.apis.partner = new RestApi(this, 'PartnerApi', {
      minCompressionSize: COMPRESS_ABOVE,
      // API Gateway's CloudWatch role is an account setting: the public API's one serves all three.
      cloudWatchRole: false,
      restApiName: `lab-tests-partner-${stage.stage}`,
      endpointConfiguration: { types: [EndpointType.REGIONAL] },
      // Each partner's usage-plan key comes from the authorizer, so throttling is per partner.
      apiKeySourceType: ApiKeySourceType.AUTHORIZER,
      deployOptions: deployOptions('partner'),
    });
    this.apis.operator = new RestApi(this, 'OperatorApi', {
      minCompressionSize: COMPRESS_ABOVE,
      cloudWatchRole: false,
      restApiName: `lab-tests-operator-${stage.stage}`,
      endpointConfiguration: { types: [EndpointType.REGIONAL] },
      defaultMethodOptions: { authorizationType: AuthorizationType.IAM },
      deployOptions: deployOptions('operator'),
    });
    // The account's CloudWatch role (set by the public API) must exist before the other stages log.
    const account = this.apis.public.node.tryFindChild('Account');
    if (account)
      for (const api of [this.apis.partner, this.apis.operator]) api.deploymentStage.node.addDependency(account);

    acknowledge(
      this.apis.public,
      aws(
        'APIG4',
        'The public quote API and pages are keyless by specification; a WAF and the rate limiter guard them.',
      ),
    );
    acknowledge(
      this.apis.partner,
      aws(
        'APIG4',
        'Only the partner OpenAPI document is keyless (by specification); every other route has the authorizer.',
      ),
    );
    acknowledge(
      this.apis.operator,
      aws(
        'APIG3',
        'The operator API requires IAM-signed requests: no anonymous traffic reaches it for a WAF to filter.',
      ),
    );
    // Links are built from the stage's configured origin, never from the request's Host header.
    const baseUrl = (kind: 'public' | 'partner' | 'operator') => {
      const domain = stage.domains?.[kind];
      const api = this.apis[kind] as RestApi;
      return domain
        ? `https://${domain.name}`
        : `https://${api.restApiId}.execute-api.${this.region}.${this.urlSuffix}/${STAGE_PREFIX}`;
    };
    const common = {
      SERVICE_ENVIRONMENT: stage.stage,
      DOCUMENTS_BUCKET: documents.bucketName,
      PUBLIC_BASE_URL: baseUrl('public'),
      ...labEnvironment(stage),
    };
    const functionLogs = new LogGroup(this, 'FunctionLogs', { retention: logRetention, removalPolicy });
    const fnProps = { data, environment: common, logGroup: functionLogs };
    const newFunction: MakeFunction = (id, props, api) =>
      new ServiceFunction(this, id, {
        ...fnProps,
        ...props,
        environment: {
          ...fnProps.environment,
          ...(api && api !== 'mcp' ? { API_BASE_URL: baseUrl(api) } : {}),
          ...props.environment,
        },
        ...(stage.reservedConcurrency?.[id] !== undefined
          ? { reservedConcurrentExecutions: stage.reservedConcurrency[id] }
          : {}),
      });
    this.alarms = new ServiceAlarms(this, 'Alarms', { email: alarmEmail(this) });

    const authorizerFn = newFunction(PARTNER_AUTHORIZER.fn, {
      entry: PARTNER_AUTHORIZER.entry,
      tables: PARTNER_AUTHORIZER.tables,
    });
    this.alarms.watchFunction('PartnerAuthorizer', authorizerFn.fn);
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
    for (const route of deployedRoutes(stage)) {
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
      const fn = newFunction(
        route.fn,
        {
          entry: route.entry,
          tables: route.tables,
          ...(route.documents ? { documents: { bucket: documents, access: route.documents } } : {}),
          ...(route.timeoutSeconds ? { timeout: Duration.seconds(route.timeoutSeconds) } : {}),
          ...(route.bundleFiles ? { bundleFiles: route.bundleFiles } : {}),
        },
        route.api,
      );
      if (route.fn === 'PartnerOrdersCreate') this.alarms.watchFunction(route.fn, fn.fn);
      this.functions.set(route, fn);
      byEntry.set(route.entry, fn);
      for (const name of route.secrets ?? []) {
        secrets[name].grantRead(fn.fn);
        fn.fn.addEnvironment(secretEnv[name], secrets[name].secretArn);
      }
      if (route.api === 'mcp') {
        // Stateless, keyless MCP over StreamableHTTP (reserved concurrency per stage, when configured).
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
        acknowledge(
          fn,
          hipaa(
            'LambdaFunctionPublicAccessProhibited',
            'The MCP function URL is keyless by specification: catalogue reads only, no patient data, no writes.',
          ),
        );
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

    // Coarse per-IP shields and managed rules in front of the public and partner APIs; the exact
    // 60-request burst stays the DynamoDB limiter, per-partner throttling the usage plans.
    new ApiFirewall(this, 'PublicWaf', {
      stageArn: this.apis.public.deploymentStage.stageArn,
      name: `lab-tests-public-${stage.stage}`,
      requestsPer5MinutesPerIp: stage.wafRequestsPer5Minutes,
      logRetention,
      removalPolicy,
    });
    new ApiFirewall(this, 'PartnerWaf', {
      stageArn: this.apis.partner.deploymentStage.stageArn,
      name: `lab-tests-partner-${stage.stage}`,
      requestsPer5MinutesPerIp: stage.wafRequestsPer5Minutes,
      logRetention,
      removalPolicy,
      bearerKey: {
        keylessPathSuffixes: deployedRoutes(stage)
          .filter((r) => r.api === 'partner' && r.auth === 'none')
          .map((r) => r.path),
      },
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
        const name = api.addDomainName(`${kind}Domain`, {
          domainName: domain.name,
          certificate: Certificate.fromCertificateArn(this, `${kind}Certificate`, domain.certificateArn),
          securityPolicy: SecurityPolicy.TLS_1_2,
        });
        // The DNS record to create: CNAME (or Route 53 alias) from the domain to this target.
        new CfnOutput(this, `${kind}DomainTarget`, {
          value: name.domainNameAliasDomainName,
          description: `CNAME ${domain.name} to this name`,
        });
      }
    }

    new CfnOutput(this, 'StripeWebhookUrl', {
      value: `${this.apis.public.url}stripe/webhook`,
      description:
        "Stripe's webhook endpoint for this stage (events: payment_intent.*, charge.refunded, refund.updated)",
    });
    const stripeSecret = { grant: (fn: IGrantable) => secrets.stripe.grantRead(fn), arn: secrets.stripe.secretArn };
    const placement = this.addPlacement(newFunction, documents, stage, stripeSecret);
    this.addSettlement(newFunction, stripeSecret);
    acknowledge(this, ...STACK_WIDE);
    this.addWebhookDelivery(newFunction, [...this.functions.values(), placement]);
    for (const [kind, api] of Object.entries(this.apis)) {
      const period = Duration.minutes(5);
      this.alarms.add(`${kind}Api5xxAlarm`, `The ${kind} API answered 5xx.`, api.metricServerError({ period }), 5);
    }

    // Deploy-time seeding of the catalogue from the versioned seed data bundled into the function.
    const seeder = newFunction('SeedCatalog', {
      entry: 'functions/ops/seed-catalog.ts',
      tables: { catalog: 'readWrite' },
      timeout: Duration.minutes(2),
    });
    const provider = new Provider(this, 'SeedCatalogProvider', { onEventHandler: seeder.fn });
    acknowledge(
      provider,
      iam5(`Resource::${arnRef(seeder.fn)}:*`, 'The provider may invoke any version of the seeding function.'),
      hipaa('LambdaDLQ', 'CloudFormation invokes the provider framework synchronously and sees every failure.'),
    );
    new CustomResource(this, 'CatalogSeed', {
      serviceToken: provider.serviceToken,
      properties: { seedVersion: seedVersion() },
    });
  }

  private asyncDlq?: Queue;
  /** One dead-letter queue for every function invoked asynchronously (rules, schedules): each message names its function. */
  private asyncDeadLetters(): Queue {
    this.asyncDlq ??= this.deadLetters('AsyncInvocationDlq');
    return this.asyncDlq;
  }

  /** A dead-letter queue for work invoked asynchronously, with the alarm that makes it seen. */
  private deadLetters(id: string): Queue {
    const queue = new Queue(this, id, {
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: Duration.days(14),
    });
    Validations.of(queue).acknowledge({
      id: 'AwsSolutions::AwsSolutions-SQS3',
      reason: 'This queue is itself a dead-letter queue; an alarm fires on its first message.',
    });
    this.alarms.watchDeadLetters(id, queue);
    return queue;
  }

  /**
   * Placement: one-time schedules per order (created by order creation), and the sweep every 5
   * minutes, which also recovers orders left part-way (it retries refunds, hence the Stripe key).
   */
  private addPlacement(
    newFunction: MakeFunction,
    documents: Bucket,
    stage: StageConfig,
    stripe: { grant: (fn: IGrantable) => void; arn: string },
  ): ServiceFunction {
    const target = BACKGROUND.scheduleTargets.placement;
    const asyncDlq = this.asyncDeadLetters();
    const placement = newFunction(target.fn, {
      entry: target.entry,
      tables: { orders: 'readWrite', catalog: 'read', partners: 'read' },
      documents: { bucket: documents, access: 'readWrite' },
      timeout: Duration.minutes(5),
      deadLetterQueue: asyncDlq,
    });
    this.alarms.watchFunction('Placement', placement.fn);
    stripe.grant(placement.fn);
    placement.fn.addEnvironment('STRIPE_SECRET_ARN', stripe.arn);
    const group = new CfnScheduleGroup(this, 'PlacementSchedules', { name: target.group(stage.stage) });
    // Only EventBridge Scheduler acting for this account may assume the role.
    const schedulerRole = new Role(this, 'PlacementSchedulerRole', {
      assumedBy: new ServicePrincipal('scheduler.amazonaws.com', {
        conditions: { StringEquals: { 'aws:SourceAccount': this.account } },
      }),
    });
    placement.fn.grantInvoke(schedulerRole);
    acknowledge(
      schedulerRole,
      iam5(`Resource::${arnRef(placement.fn)}:*`, 'The scheduler may invoke any version of the placement function.'),
    );
    // A schedule the scheduler could not deliver after its retries lands here.
    const scheduleDlq = this.deadLetters('PlacementScheduleDlq');
    scheduleDlq.grantSendMessages(schedulerRole);
    const create = [...this.functions].find(([r]) => r.fn === 'PartnerOrdersCreate')?.[1];
    if (create) {
      create.fn.addEnvironment('PLACEMENT_SCHEDULE_GROUP', group.ref);
      create.fn.addEnvironment('PLACEMENT_TARGET_ARN', placement.fn.functionArn);
      create.fn.addEnvironment('PLACEMENT_ROLE_ARN', schedulerRole.roleArn);
      create.fn.addEnvironment('PLACEMENT_DLQ_ARN', scheduleDlq.queueArn);
      // Create schedules in this group only, and hand them only the scheduler's role.
      acknowledge(
        create,
        iam5(
          `Resource::arn:<AWS::Partition>:scheduler:${nagRegion(this)}:<AWS::AccountId>:schedule/<PlacementSchedules>/*`,
          'Order creation creates one schedule per order, in the placement schedule group only.',
        ),
      );
      create.fn.addToRolePolicy(
        new PolicyStatement({
          actions: ['scheduler:CreateSchedule'],
          resources: [this.formatArn({ service: 'scheduler', resource: 'schedule', resourceName: `${group.ref}/*` })],
        }),
      );
      create.fn.addToRolePolicy(
        new PolicyStatement({
          actions: ['iam:PassRole'],
          resources: [schedulerRole.roleArn],
          conditions: { StringEquals: { 'iam:PassedToService': 'scheduler.amazonaws.com' } },
        }),
      );
    }
    const sweep = BACKGROUND.rules['placement-sweep'] as Background['rules'][string];
    new Rule(this, 'PlacementSweep', {
      schedule: Schedule.rate(Duration.minutes(sweep.rateMinutes)),
      targets: [
        new LambdaFunction(placement.fn, {
          event: RuleTargetInput.fromObject(sweep.input),
          deadLetterQueue: asyncDlq,
        }),
      ],
    });
    return placement;
  }

  /** The settlement sweep (shared/app/settle-payments.ts): every key that moved money ends in an order or a refund. */
  private addSettlement(newFunction: MakeFunction, stripe: { grant: (fn: IGrantable) => void; arn: string }): void {
    const sweep = BACKGROUND.rules['settlement-sweep'] as Background['rules'][string];
    const asyncDlq = this.asyncDeadLetters();
    const settle = newFunction(sweep.fn, {
      entry: sweep.entry,
      tables: { idempotency: 'readWrite' },
      timeout: Duration.minutes(5),
      deadLetterQueue: asyncDlq,
    });
    this.alarms.watchFunction(sweep.fn, settle.fn);
    stripe.grant(settle.fn);
    settle.fn.addEnvironment('STRIPE_SECRET_ARN', stripe.arn);
    new Rule(this, 'SettlementSweep', {
      schedule: Schedule.rate(Duration.minutes(sweep.rateMinutes)),
      targets: [new LambdaFunction(settle.fn, { deadLetterQueue: asyncDlq })],
    });
  }

  /**
   * Webhook retries: each retry is its own SQS message, delayed to its due time (hops of up to 15
   * minutes for longer gaps), sent by whichever function made the failed attempt; a worker
   * consumes them and a 5-minute backstop sweep re-sends any a lost message left overdue.
   */
  private addWebhookDelivery(newFunction: MakeFunction, senders: ServiceFunction[]): void {
    const spec = BACKGROUND.queues.webhookRetries;
    const dlq = this.deadLetters('WebhookDlq');
    const queue = new Queue(this, 'WebhookDeliveries', {
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      visibilityTimeout: Duration.seconds(spec.visibilityTimeoutSeconds),
      deadLetterQueue: { queue: dlq, maxReceiveCount: spec.maxReceiveCount },
    });
    const sweep = BACKGROUND.rules['webhook-retry-sweep'] as Background['rules'][string];
    const cronDlq = this.asyncDeadLetters();
    const cron = newFunction(sweep.fn, {
      entry: sweep.entry,
      tables: { orders: 'read' },
      deadLetterQueue: cronDlq,
    });
    this.alarms.watchFunction(sweep.fn, cron.fn);
    new Rule(this, 'WebhookRetryCron', {
      schedule: Schedule.rate(Duration.minutes(sweep.rateMinutes)),
      targets: [new LambdaFunction(cron.fn, { deadLetterQueue: cronDlq })],
    });
    const worker = newFunction(spec.consumer.fn, {
      entry: spec.consumer.entry,
      tables: { orders: 'readWrite', partners: 'read' },
      timeout: Duration.seconds(spec.consumer.timeoutSeconds),
    });
    this.alarms.watchFunction(spec.consumer.fn, worker.fn);
    worker.fn.addEventSource(new SqsEventSource(queue, { batchSize: spec.batchSize, reportBatchItemFailures: true }));
    // Whoever attempts a delivery (inline on a transition, or the worker) enqueues its retry.
    const writers = new Set(senders.filter((f) => f.writesOrders));
    for (const f of [...writers, cron, worker]) {
      f.fn.addEnvironment('WEBHOOK_QUEUE_URL', queue.queueUrl);
      queue.grantSendMessages(f.fn);
    }
  }
}

export interface FnProps {
  data: DataTables;
  environment: Record<string, string>;
  logGroup: ILogGroup;
}

export type MakeFunction = (
  id: string,
  props: Omit<ServiceFunctionProps, keyof FnProps> & { environment?: Record<string, string> },
  api?: ApiKind,
) => ServiceFunction;

/** The API Gateway stage every API deploys to: part of every default-endpoint URL. */
export const STAGE_PREFIX = 'v1';

/** Access log fields: who, when, which route template, what answer; never the path, query or body. */
const ACCESS_LOG_FIELDS = {
  api: '$context.apiId',
  requestId: '$context.requestId',
  ip: '$context.identity.sourceIp',
  requestTime: '$context.requestTime',
  httpMethod: '$context.httpMethod',
  resourcePath: '$context.resourcePath',
  status: '$context.status',
  responseLength: '$context.responseLength',
  integrationLatency: '$context.integrationLatency',
  wafStatus: '$context.waf.status',
  partnerId: '$context.authorizer.partnerId',
  keyId: '$context.authorizer.keyId',
};

/** The routes this stage deploys: never the local-only ones, and the sandbox helpers only on the sandbox. */
export function deployedRoutes(stage: StageConfig): Route[] {
  return ROUTES.filter((r) => !r.localOnly && !(r.sandboxOnly && stage.stage === 'production'));
}

/** The optional alarm e-mail: `cdk deploy -c alarmEmail=oncall@example.com`. */
function alarmEmail(scope: Construct): string | undefined {
  const value: unknown = scope.node.tryGetContext('alarmEmail');
  return typeof value === 'string' && value.includes('@') ? value : undefined;
}

/** A new seed version re-runs the custom resource, so a deploy ships catalogue changes. */
function seedVersion(): string {
  return String((catalogSeed as { version: string }).version);
}
