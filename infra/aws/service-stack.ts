import { CfnOutput, Duration, NestedStack, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import { FunctionUrlAuthType, HttpMethod } from 'aws-cdk-lib/aws-lambda';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Secret, type ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import { AuthorizationType, LambdaIntegration, type IResource, type RestApi } from 'aws-cdk-lib/aws-apigateway';
import type { Queue } from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import {
  invokedAsynchronously,
  manifestFunctions,
  routesFor,
  SECRET_ENV,
  WEBHOOK_KEY_USERS,
  type ApiKind,
  type ManifestFunction,
  type Route,
  type SecretKey,
} from '../../shared/manifest/index.js';
import { MCP_CORS } from '../../shared/mcp/cors.js';
import { ServiceFunction } from './constructs/service-function.js';
import { ServiceAlarms } from './constructs/alarms.js';
import { addEdge } from './edge.js';
import { createApis, partnerKeys, STAGE_PREFIX, type RestApiKind } from './apis.js';
import { deadLetterQueue, wireBackground } from './background-wiring.js';
import { grantCapabilities } from './capabilities.js';
import { DataStack } from './data-stack.js';
import { acknowledge, hipaa, STACK_WIDE } from './nag.js';
import { labEnvironment, operatorSecrets, type StageConfig } from './stages.js';
import { WEBHOOK_SECRET_PURPOSE } from '../../shared/app/webhook-secrets.js';

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
      stripe: Secret.fromSecretNameV2(this, 'StripeKey', operatorSecrets(stage.stage).stripe),
      // The signing secret of the Stripe endpoint pointed at the StripeWebhookUrl output.
      stripeWebhook: Secret.fromSecretNameV2(this, 'StripeWebhookSecret', operatorSecrets(stage.stage).stripeWebhook),
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
    for (const f of manifest) grantCapabilities(this, stage.stage, f, fnOf(f), background, plan.usagePlanId);
    for (const f of manifest) this.grantWebhookKey(f.id, fnOf(f));
    addEdge(this, this.apis, stage, { logRetention, removalPolicy, routes: deployedRoutes(stage) });
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

  /**
   * Webhook signing secrets are sealed under their own key: senders may Decrypt, the rotation
   * GenerateDataKey, and only for webhook secrets' encryption context. On the function's own policy,
   * as the cursor secret: a grant on the key would write the data stack's key policy.
   */
  private grantWebhookKey(id: string, fn: ServiceFunction): void {
    const use = WEBHOOK_KEY_USERS[id];
    if (!use) return;
    const { webhookKey } = this.dataStack;
    fn.fn.addEnvironment('WEBHOOK_KEY_ARN', webhookKey.keyArn);
    fn.fn.addToRolePolicy(
      new PolicyStatement({
        actions: [use === 'seal' ? 'kms:GenerateDataKey' : 'kms:Decrypt'],
        resources: [webhookKey.keyArn],
        conditions: { StringEquals: { 'kms:EncryptionContext:purpose': WEBHOOK_SECRET_PURPOSE } },
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
}

/** The routes this stage deploys: never the local-only ones, and the sandbox helpers only on the sandbox. */
export function deployedRoutes(stage: StageConfig): Route[] {
  return routesFor(stage.stage);
}

/** The optional alarm e-mail: `cdk deploy -c alarmEmail=oncall@example.com`. */
function alarmEmail(scope: Construct): string | undefined {
  const value: unknown = scope.node.tryGetContext('alarmEmail');
  return typeof value === 'string' && value.includes('@') ? value : undefined;
}
