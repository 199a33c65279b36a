import { Duration, Size, type Stack } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import {
  AccessLogFormat,
  ApiKeySourceType,
  AuthorizationType,
  Cors,
  EndpointType,
  IdentitySource,
  LogGroupLogDestination,
  MethodLoggingLevel,
  Period,
  RequestAuthorizer,
  ResponseType,
  RestApi,
  type UsagePlan,
} from 'aws-cdk-lib/aws-apigateway';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import type { ILogGroup } from 'aws-cdk-lib/aws-logs';
import { acknowledge, aws } from './nag.js';
import type { StageConfig } from './stages.js';

// API Gateway compresses answers over 1 KB (JSON, HTML) for clients that accept gzip or deflate.
const COMPRESS_ABOVE = Size.kibibytes(1);

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

export type RestApiKind = 'public' | 'partner' | 'operator';

/**
 * The three REST APIs of a stage: throttled, traced, with JSON access logs (route template, never
 * the raw path or query) in one log group (each line names its API).
 */
export function createApis(
  scopeOf: (kind: RestApiKind) => Construct,
  stage: StageConfig,
  accessLogs: ILogGroup,
): Record<RestApiKind, RestApi> {
  const deployOptions = (kind: RestApiKind) => ({
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
  const apis = {
    public: new RestApi(scopeOf('public'), 'PublicApi', {
      minCompressionSize: COMPRESS_ABOVE,
      restApiName: `lab-tests-public-${stage.stage}`,
      endpointConfiguration: { types: [EndpointType.REGIONAL] },
      defaultCorsPreflightOptions: {
        allowOrigins: Cors.ALL_ORIGINS,
        allowMethods: ['GET', 'OPTIONS'],
        allowHeaders: ['Content-Type', 'Accept'],
      },
      deployOptions: deployOptions('public'),
    }),
    partner: new RestApi(scopeOf('partner'), 'PartnerApi', {
      minCompressionSize: COMPRESS_ABOVE,
      // API Gateway's CloudWatch role is an account setting: the public API's one serves all three.
      cloudWatchRole: false,
      restApiName: `lab-tests-partner-${stage.stage}`,
      endpointConfiguration: { types: [EndpointType.REGIONAL] },
      // Each partner's usage-plan key comes from the authorizer, so throttling is per partner.
      apiKeySourceType: ApiKeySourceType.AUTHORIZER,
      deployOptions: deployOptions('partner'),
    }),
    operator: new RestApi(scopeOf('operator'), 'OperatorApi', {
      minCompressionSize: COMPRESS_ABOVE,
      cloudWatchRole: false,
      restApiName: `lab-tests-operator-${stage.stage}`,
      endpointConfiguration: { types: [EndpointType.REGIONAL] },
      defaultMethodOptions: { authorizationType: AuthorizationType.IAM },
      deployOptions: deployOptions('operator'),
    }),
  };
  // The account's CloudWatch role (set by the public API) must exist before the other stages log.
  const account = apis.public.node.tryFindChild('Account');
  if (account) for (const api of [apis.partner, apis.operator]) api.deploymentStage.node.addDependency(account);
  acknowledge(
    apis.public,
    aws('APIG4', 'The public quote API and pages are keyless by specification; a WAF and the rate limiter guard them.'),
  );
  acknowledge(
    apis.partner,
    aws(
      'APIG4',
      'Only the partner OpenAPI document is keyless (by specification); every other route has the authorizer.',
    ),
  );
  acknowledge(
    apis.operator,
    aws('APIG3', 'The operator API requires IAM-signed requests: no anonymous traffic reaches it for a WAF to filter.'),
  );
  return apis;
}

/**
 * The partner API's key check: the manifest's authorizer function, API Gateway's own answers in the
 * spec's error shape, and the standard usage plan (per-partner throttling).
 */
export function partnerKeys(
  stack: Stack,
  api: RestApi,
  stage: StageConfig,
  authorizerFn: IFunction,
): { authorizer: RequestAuthorizer; plan: UsagePlan } {
  const authorizer = new RequestAuthorizer(stack, 'PartnerKeyAuthorizer', {
    handler: authorizerFn,
    identitySources: [IdentitySource.header('Authorization')],
    // No caching: a revoked key must stop working on its next request.
    resultsCacheTtl: Duration.seconds(0),
  });
  // API Gateway answers these itself (no header; no usage-plan key because the authorizer
  // refused the key): give them the spec's error shape and code.
  api.addGatewayResponse('MissingKey', {
    type: ResponseType.UNAUTHORIZED,
    statusCode: '401',
    templates: {
      'application/json':
        '{"error":{"code":"invalid_api_key","message":"The API key is missing, malformed, unknown or revoked."}}',
    },
  });
  api.addGatewayResponse('RefusedKey', {
    type: ResponseType.INVALID_API_KEY,
    statusCode: '401',
    templates: {
      'application/json': '{"error":{"code":"$context.authorizer.authError","message":"The API key was refused."}}',
    },
  });
  // Over the usage plan's rate: the documented 429 (rate_limited, Retry-After), not API Gateway's own body.
  api.addGatewayResponse('Throttled', {
    type: ResponseType.THROTTLED,
    statusCode: '429',
    responseHeaders: { 'Retry-After': "'1'" },
    templates: {
      'application/json':
        '{"error":{"code":"rate_limited","message":"Too many requests for this key. Retry after the number of seconds in Retry-After."}}',
    },
  });
  const plan = api.addUsagePlan('StandardTier', {
    name: `lab-tests-standard-${stage.stage}`,
    throttle: { rateLimit: 50, burstLimit: 100 },
    quota: { limit: 200_000, period: Period.MONTH },
    apiStages: [{ stage: api.deploymentStage }],
  });
  return { authorizer, plan };
}
