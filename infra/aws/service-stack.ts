import { CfnOutput, Duration, NestedStack, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import { FunctionUrlAuthType, HttpMethod } from 'aws-cdk-lib/aws-lambda';
import { AccountRootPrincipal, PolicyStatement, Role } from 'aws-cdk-lib/aws-iam';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Secret, type ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import { Certificate } from 'aws-cdk-lib/aws-certificatemanager';
import {
  AuthorizationType,
  LambdaIntegration,
  SecurityPolicy,
  type IResource,
  type RestApi,
} from 'aws-cdk-lib/aws-apigateway';
import type { Queue } from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import {
  BACKGROUND,
  invokedAsynchronously,
  manifestFunctions,
  routesFor,
  schedulesOf,
  SECRET_ENV,
  type ApiKind,
  type ManifestFunction,
  type Route,
  type SecretKey,
} from '../../shared/manifest/index.js';
import { MCP_CORS } from '../../shared/mcp/cors.js';
import { ServiceFunction } from './constructs/service-function.js';
import { ServiceAlarms } from './constructs/alarms.js';
import { ApiFirewall } from './constructs/api-firewall.js';
import { createApis, partnerKeys, STAGE_PREFIX, type RestApiKind } from './apis.js';
import { deadLetterQueue, wireBackground } from './background-wiring.js';
import { DataStack } from './data-stack.js';
import { acknowledge, hipaa, iam5, nagRegion, STACK_WIDE } from './nag.js';
import { labEnvironment, type StageConfig } from './stages.js';

export { STAGE_PREFIX };

export interface ServiceStackProps extends StackProps {
  stage: StageConfig;
  /** The stage's stateful stack; absent, one is made beside this stack (`<id>-data`). */
  data?: DataStack;
}

function resourceFor(api: RestApi, path: string): IResource {
  return path
    .split('/')
    .filter(Boolean)
    .reduce<IResource>((res, part) => res.getResource(part) ?? res.addResource(part), api.root);
}

/**
 * The stage's stateless stack: every Lambda of the function manifest (shared/manifest), the APIs
 * that route to them, their schedules, sweeps and queues, alarms and WAFs. Its state (keys, tables,
 * bucket, cursor secret) lives in the stage's DataStack.
 */
export class ServiceStack extends Stack {
  readonly functions = new Map<ManifestFunction, ServiceFunction>();
  readonly apis: Record<RestApiKind, RestApi>;
  readonly dataStack: DataStack;
  usagePlanId = '';
  readonly alarms: ServiceAlarms;

  constructor(scope: Construct, id: string, props: ServiceStackProps) {
    super(scope, id, props);
    const { stage } = props;
    this.dataStack =
      props.data ??
      new DataStack(scope, `${id}-data`, {
        stage,
        ...(props.env ? { env: props.env } : {}),
        terminationProtection: stage.retainData,
      });
    const { data, documents } = this.dataStack;
    // Secrets stay in Secrets Manager; functions get the ARN and read the value on first use.
    // The Stripe key and events secret are created by the operator before the first deploy (see the README).
    const secrets: Record<SecretKey, ISecret> = {
      stripe: Secret.fromSecretNameV2(this, 'StripeKey', `lab-tests/${stage.stage}/stripe-secret-key`),
      // The signing secret of the Stripe endpoint pointed at the StripeWebhookUrl output.
      stripeWebhook: Secret.fromSecretNameV2(
        this,
        'StripeWebhookSecret',
        `lab-tests/${stage.stage}/stripe-webhook-secret`,
      ),
      cursor: this.dataStack.cursorSecret,
    };
    const logRetention = stage.logRetentionDays as RetentionDays;
    const removalPolicy = stage.retainData ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY;
    // Kept six years in production, beside the audit table: they name who called.
    const accessLogs = new LogGroup(this, 'ApiAccessLogs', {
      retention: stage.retainData ? RetentionDays.SIX_YEARS : logRetention,
      removalPolicy,
    });
    // The operator API and its functions live in a nested stack: each template stays far below
    // CloudFormation's 500 resources (test/infra/stack.test.ts holds each to 400).
    const operatorStack = new NestedStack(this, 'OperatorApiStack');
    const scopeOf = (kind: ApiKind | undefined) => (kind === 'operator' ? operatorStack : this);
    this.apis = createApis(scopeOf, stage, accessLogs);
    // Links are built from the stage's configured origin, never from the request's Host header.
    const baseUrl = (kind: RestApiKind) => {
      const domain = stage.domains?.[kind];
      return domain
        ? `https://${domain.name}`
        : `https://${this.apis[kind].restApiId}.execute-api.${this.region}.${this.urlSuffix}/${STAGE_PREFIX}`;
    };
    const common = {
      SERVICE_ENVIRONMENT: stage.stage,
      DOCUMENTS_BUCKET: documents.bucketName,
      PUBLIC_BASE_URL: baseUrl('public'),
      ...labEnvironment(stage),
    };
    const logGroup = new LogGroup(this, 'FunctionLogs', { retention: logRetention, removalPolicy });
    this.alarms = new ServiceAlarms(this, 'Alarms', { email: alarmEmail(this) });
    let asyncDlq: Queue | undefined;
    // One dead-letter queue for every function invoked asynchronously (rules, schedules): each message names its function.
    const asyncDeadLetters = () => (asyncDlq ??= deadLetterQueue(this, this.alarms, 'AsyncInvocationDlq'));

    const manifest = manifestFunctions(stage.stage);
    for (const f of manifest) {
      const api = f.routes[0]?.api;
      const fn = new ServiceFunction(scopeOf(api), f.id, {
        entry: f.spec.entry,
        data,
        tables: f.spec.tables,
        logGroup,
        environment: {
          ...common,
          ...(api && api !== 'mcp' ? { API_BASE_URL: baseUrl(api) } : {}),
        },
        ...(f.spec.documents ? { documents: { bucket: documents, access: f.spec.documents } } : {}),
        ...(f.spec.timeoutSeconds ? { timeout: Duration.seconds(f.spec.timeoutSeconds) } : {}),
        ...(f.spec.bundleFiles ? { bundleFiles: f.spec.bundleFiles } : {}),
        ...(invokedAsynchronously(f) ? { deadLetterQueue: asyncDeadLetters() } : {}),
        ...(stage.reservedConcurrency?.[f.id] !== undefined
          ? { reservedConcurrentExecutions: stage.reservedConcurrency[f.id] }
          : {}),
      });
      this.functions.set(f, fn);
      if (f.spec.alarmed) this.alarms.watchFunction(f.id, fn.fn);
      for (const name of f.spec.secrets ?? []) {
        if (name === 'cursor') this.grantCursorSecret(fn);
        else secrets[name].grantRead(fn.fn);
        fn.fn.addEnvironment(SECRET_ENV[name], secrets[name].secretArn);
      }
    }
    const fnOf = (f: ManifestFunction) => this.functions.get(f) as ServiceFunction;
    const authorizerFn = fnOf(manifest.find((f) => f.authorizer) as ManifestFunction);
    const { authorizer, plan } = partnerKeys(this, this.apis.partner, stage, authorizerFn.fn);
    this.usagePlanId = plan.usagePlanId;
    const methodOptions = (route: Route) =>
      route.auth === 'partner' ? { authorizer, authorizationType: AuthorizationType.CUSTOM, apiKeyRequired: true } : {};
    for (const f of manifest) {
      for (const route of f.routes) {
        if (route.api === 'mcp') this.mcpUrl(fnOf(f));
        // No test-invoke permission per method: it doubles the Lambda permissions for a console feature.
        else
          resourceFor(this.apis[route.api], route.path).addMethod(
            route.method,
            new LambdaIntegration(fnOf(f).fn, { allowTestInvoke: false, scopePermissionToMethod: false }),
            methodOptions(route),
          );
      }
    }

    const background = wireBackground(this, stage.stage, this.alarms, manifest, fnOf, asyncDeadLetters);
    for (const f of manifest) {
      const fn = fnOf(f);
      for (const key of schedulesOf(f, stage.stage)) {
        const s = background.schedules[key];
        if (!s) continue;
        const env = BACKGROUND.scheduleTargets[key].env;
        fn.fn.addEnvironment(`${env}_SCHEDULE_GROUP`, s.group.ref);
        fn.fn.addEnvironment(`${env}_TARGET_ARN`, s.target.fn.functionArn);
        fn.fn.addEnvironment(`${env}_ROLE_ARN`, s.role.roleArn);
        fn.fn.addEnvironment(`${env}_DLQ_ARN`, s.deadLetters.queueArn);
        // Create schedules in this group only, and hand them only the scheduler's role.
        acknowledge(
          fn,
          iam5(
            `Resource::arn:<AWS::Partition>:scheduler:${nagRegion(this)}:<AWS::AccountId>:schedule/<${this.getLogicalId(s.group)}>/*`,
            'One schedule per order, in this target’s schedule group only.',
          ),
        );
        fn.fn.addToRolePolicy(
          new PolicyStatement({
            actions: ['scheduler:CreateSchedule'],
            resources: [
              this.formatArn({ service: 'scheduler', resource: 'schedule', resourceName: `${s.group.ref}/*` }),
            ],
          }),
        );
        fn.fn.addToRolePolicy(
          new PolicyStatement({
            actions: ['iam:PassRole'],
            resources: [s.role.roleArn],
            conditions: { StringEquals: { 'iam:PassedToService': 'scheduler.amazonaws.com' } },
          }),
        );
      }
      for (const key of f.sends) {
        fn.fn.addEnvironment(BACKGROUND.queues[key].urlEnv, background.queues[key].queueUrl);
        background.queues[key].grantSendMessages(fn.fn);
      }
      if (f.spec.usagePlanKeys) {
        // New partners get their own key in the standard usage plan (per-partner throttling).
        fn.fn.addEnvironment('USAGE_PLAN_ID', plan.usagePlanId);
        fn.fn.addToRolePolicy(
          new PolicyStatement({
            actions: ['apigateway:POST'],
            resources: [
              this.formatArn({ service: 'apigateway', account: '', resource: '/apikeys' }),
              this.formatArn({ service: 'apigateway', account: '', resource: `/usageplans/${plan.usagePlanId}/keys` }),
            ],
          }),
        );
      }
    }
    this.edge(stage, logRetention, removalPolicy);
    acknowledge(this, ...STACK_WIDE);
    for (const [kind, api] of Object.entries(this.apis)) {
      const period = Duration.minutes(5);
      this.alarms.add(`${kind}Api5xxAlarm`, `The ${kind} API answered 5xx.`, api.metricServerError({ period }), 5);
    }
  }

  /**
   * The cursor secret lives in the data stack under its key: granted on the function's own policy
   * (Secret.grantRead would write the key's policy in the data stack, a reference back to this one).
   */
  private grantCursorSecret(fn: ServiceFunction): void {
    const { cursorSecret, key } = this.dataStack;
    fn.fn.addToRolePolicy(
      new PolicyStatement({
        actions: ['secretsmanager:GetSecretValue', 'secretsmanager:DescribeSecret'],
        resources: [cursorSecret.secretArn],
      }),
    );
    fn.fn.addToRolePolicy(
      new PolicyStatement({
        actions: ['kms:Decrypt'],
        resources: [key.keyArn],
        conditions: { StringEquals: { 'kms:ViaService': `secretsmanager.${this.region}.${this.urlSuffix}` } },
      }),
    );
  }

  /** Stateless, keyless MCP over StreamableHTTP on a function URL (reserved concurrency per stage, when configured). */
  private mcpUrl(fn: ServiceFunction): void {
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
  }

  /** The lab's role, the WAFs, custom domains and the outputs an operator needs. */
  private edge(stage: StageConfig, logRetention: RetentionDays, removalPolicy: RemovalPolicy): void {
    // The lab's own identity: a role that may call its results route and nothing else.
    const labRole = new Role(this, 'LabResultsRole', { assumedBy: new AccountRootPrincipal() });
    const operatorApi = this.apis.operator;
    labRole.addToPolicy(
      new PolicyStatement({
        actions: ['execute-api:Invoke'],
        resources: [operatorApi.arnForExecuteApi('POST', '/lab/v1/oru', operatorApi.deploymentStage.stageName)],
      }),
    );
    new CfnOutput(this, 'LabResultsRoleArn', { value: labRole.roleArn });
    // Coarse per-IP shields and managed rules in front of the public and partner APIs; the exact
    // 60-request burst stays the DynamoDB limiter, per-partner throttling the usage plans.
    const waf = { requestsPer5MinutesPerIp: stage.wafRequestsPer5Minutes, logRetention, removalPolicy };
    new ApiFirewall(this, 'PublicWaf', {
      ...waf,
      stageArn: this.apis.public.deploymentStage.stageArn,
      name: `lab-tests-public-${stage.stage}`,
    });
    new ApiFirewall(this, 'PartnerWaf', {
      ...waf,
      stageArn: this.apis.partner.deploymentStage.stageArn,
      name: `lab-tests-partner-${stage.stage}`,
      bearerKey: {
        keylessPathSuffixes: deployedRoutes(stage)
          .filter((r) => r.api === 'partner' && r.auth === 'none')
          .map((r) => r.path),
      },
    });
    for (const [kind, domain] of Object.entries(stage.domains ?? {})) {
      const api = this.apis[kind as RestApiKind];
      if (!domain) continue;
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
    new CfnOutput(this, 'StripeWebhookUrl', {
      value: `${this.apis.public.url}stripe/webhook`,
      description:
        "Stripe's webhook endpoint for this stage (events: payment_intent.*, charge.refunded, refund.updated)",
    });
  }

  /** The Lambda the stack made for a route (routes sharing an entry module share one). */
  functionFor(route: Route): ServiceFunction | undefined {
    for (const [f, fn] of this.functions) if (f.routes.includes(route)) return fn;
    return undefined;
  }
}

/** The routes this stage deploys: never the local-only ones, and the sandbox helpers only on the sandbox. */
export function deployedRoutes(stage: StageConfig): Route[] {
  return routesFor(stage.stage);
}

export type { ApiKind };

/** The optional alarm e-mail: `cdk deploy -c alarmEmail=oncall@example.com`. */
function alarmEmail(scope: Construct): string | undefined {
  const value: unknown = scope.node.tryGetContext('alarmEmail');
  return typeof value === 'string' && value.includes('@') ? value : undefined;
}
