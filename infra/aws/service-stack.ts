import { CfnOutput, CustomResource, Duration, Stack, type StackProps } from 'aws-cdk-lib';
import { FunctionUrlAuthType, HttpMethod } from 'aws-cdk-lib/aws-lambda';
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
  type IResource,
  type MethodOptions,
} from 'aws-cdk-lib/aws-apigateway';
import { Key } from 'aws-cdk-lib/aws-kms';
import { Provider } from 'aws-cdk-lib/custom-resources';
import type { Construct } from 'constructs';
import { PARTNER_AUTHORIZER, ROUTES, type ApiKind, type Route } from '../../shared/routes.js';
import { DataTables } from './constructs/data-tables.js';
import { ServiceFunction } from './constructs/service-function.js';
import type { StageConfig } from './stages.js';
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
    const common = { SERVICE_ENVIRONMENT: stage.stage };

    this.apis.public = new RestApi(this, 'PublicApi', {
      restApiName: `lab-tests-public-${stage.stage}`,
      endpointConfiguration: { types: [EndpointType.REGIONAL] },
      defaultCorsPreflightOptions: { allowOrigins: Cors.ALL_ORIGINS, allowMethods: ['GET', 'OPTIONS'], allowHeaders: ['Content-Type', 'Accept'] },
      deployOptions: { stageName: 'v1', tracingEnabled: true, loggingLevel: MethodLoggingLevel.ERROR, metricsEnabled: true },
    });

    const deployOptions = { stageName: 'v1', tracingEnabled: true, loggingLevel: MethodLoggingLevel.ERROR, metricsEnabled: true };
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
      entry: PARTNER_AUTHORIZER.entry,
      data,
      tables: PARTNER_AUTHORIZER.tables,
      environment: common,
      logRetentionDays: stage.logRetentionDays,
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
      templates: { 'application/json': '{"error":{"code":"invalid_api_key","message":"The API key is missing, malformed, unknown or revoked."}}' },
    });
    this.apis.partner.addGatewayResponse('RefusedKey', {
      type: ResponseType.INVALID_API_KEY,
      statusCode: '401',
      templates: { 'application/json': '{"error":{"code":"$context.authorizer.authError","message":"The API key was refused."}}' },
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

    for (const route of ROUTES) {
      if (route.localOnly) continue;
      const fn = new ServiceFunction(this, route.fn, {
        entry: route.entry,
        data,
        tables: route.tables,
        environment: common,
        logRetentionDays: stage.logRetentionDays,
        ...(route.api === 'mcp' ? { reservedConcurrentExecutions: stage.mcpReservedConcurrency } : {}),
      });
      this.functions.set(route, fn);
      if (route.api === 'mcp') {
        // Stateless, keyless MCP over StreamableHTTP; reserved concurrency is its safety valve.
        const url = fn.fn.addFunctionUrl({ authType: FunctionUrlAuthType.NONE, cors: { allowedOrigins: ['*'], allowedMethods: [HttpMethod.POST], allowedHeaders: ['content-type', 'accept', 'mcp-protocol-version'] } });
        new CfnOutput(this, 'McpUrl', { value: url.url });
        continue;
      }
      const api = this.apis[route.api];
      if (!api) continue;
      resourceFor(api, route.path).addMethod(route.method, new LambdaIntegration(fn.fn), methodOptions(route));
    }

    // Deploy-time seeding of the catalogue from the versioned seed data bundled into the function.
    const seeder = new ServiceFunction(this, 'SeedCatalog', {
      entry: 'functions/ops/seed-catalog.ts',
      data,
      tables: { catalog: 'readWrite' },
      environment: common,
      logRetentionDays: stage.logRetentionDays,
      timeout: Duration.minutes(2),
    });
    const provider = new Provider(this, 'SeedCatalogProvider', { onEventHandler: seeder.fn });
    new CustomResource(this, 'CatalogSeed', { serviceToken: provider.serviceToken, properties: { seedVersion: seedVersion() } });
  }
}

/** A new seed version re-runs the custom resource, so a deploy ships catalogue changes. */
function seedVersion(): string {
  return String((catalogSeed as { version: string }).version);
}
