import { Validations, type Stack } from 'aws-cdk-lib';

// cdk-nag (AwsSolutions and HIPAA Security) findings we accept, each with the reason next to it.
// Everything not listed here fails the synth in test/infra/nag.test.ts.
const MANAGED_LOGS = 'AWS-managed policy that only writes the resource’s own logs.';
const GRANT = (what: string) => `CDK grant helper scoped to our own resource: ${what}.`;
const iam5 = (finding: string, reason: string) => ({ id: `AwsSolutions::AwsSolutions-IAM5[${finding}]`, reason });

export const NAG_ACKNOWLEDGMENTS: Array<{ id: string; reason: string }> = [
  {
    id: 'AwsSolutions::AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
    reason: MANAGED_LOGS,
  },
  {
    id: 'AwsSolutions::AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AmazonAPIGatewayPushToCloudWatchLogs]',
    reason: MANAGED_LOGS,
  },
  iam5('Resource::*', 'X-Ray PutTraceSegments/PutTelemetryRecords have no resource-level permissions.'),
  iam5(
    'Resource::<DataOrders20A4E13F.Arn>/index/*',
    GRANT('queries on the orders table’s own GSIs (externalId, due placements and deliveries)'),
  ),
  iam5(
    'Resource::<DataAuditE4D9F575.Arn>/index/*',
    'The audit table’s order index: read by the audit view, and named in every role’s Deny of changes to audit records.',
  ),
  {
    id: 'HIPAA.Security::HIPAA.Security-S3DefaultEncryptionKMS',
    reason:
      'The documents access-log bucket: S3 delivers server access logs only to SSE-S3 buckets; documents use the KMS key.',
  },
  iam5(
    'Resource::<DataIdempotency4AE02808.Arn>/index/*',
    GRANT('queries on the idempotency table’s own GSI (keys whose charge is not yet settled)'),
  ),
  iam5('Action::kms:ReEncrypt*', GRANT('the service’s customer-managed key, for encrypted tables and bucket')),
  iam5('Action::kms:GenerateDataKey*', GRANT('the service’s customer-managed key, for encrypted tables and bucket')),
  iam5(
    'Resource::arn:<AWS::Partition>:scheduler:us-east-1:<AWS::AccountId>:schedule/<PlacementSchedules>/*',
    'Order creation creates one schedule per order, in the placement schedule group only.',
  ),
  iam5('Action::s3:GetObject*', GRANT('objects of the documents bucket')),
  iam5('Action::s3:GetBucket*', GRANT('the documents bucket')),
  iam5('Action::s3:List*', GRANT('the documents bucket')),
  iam5('Resource::<Documents7E5B2978.Arn>/*', GRANT('objects of the documents bucket')),
  iam5('Action::s3:DeleteObject*', GRANT('objects of the documents bucket (readWrite routes only)')),
  iam5('Action::s3:Abort*', GRANT('multipart uploads into the documents bucket')),
  iam5(
    'Resource::<PlacementFnFB69572B.Arn>:*',
    'The scheduler and the sweep rule may invoke any version of the placement function.',
  ),
  iam5(
    'Resource::<SeedCatalogFn0CED9CB8.Arn>:*',
    'The custom resource provider may invoke any version of the seeding function.',
  ),
  {
    id: 'HIPAA.Security::HIPAA.Security-WAFv2LoggingEnabled',
    reason: 'WAF metrics and sampled requests are on. Follow-up: full WAF logs to a log destination.',
  },
  {
    id: 'AwsSolutions::AwsSolutions-L1',
    reason: 'Pinned to Node.js 22: the runtime the bundles target and are tested against.',
  },
  {
    id: 'AwsSolutions::AwsSolutions-COG4',
    reason:
      'No Cognito by design: the partner API authenticates hashed API keys in a Lambda authorizer, the operator API uses IAM, the public API is keyless by specification.',
  },
  {
    id: 'AwsSolutions::AwsSolutions-APIG4',
    reason:
      'The public quote API, the pages and the OpenAPI documents are keyless by specification; partner and operator routes are authorised.',
  },
  {
    id: 'AwsSolutions::AwsSolutions-APIG1',
    reason:
      'The partner and operator stages keep access logs naming the caller; on the keyless public API every function logs one structured line per request (route, status, duration, correlation id).',
  },
  {
    id: 'AwsSolutions::AwsSolutions-APIG2',
    reason:
      'Handlers validate every request with zod and answer the specification’s error shapes and codes, which API Gateway request validators cannot produce.',
  },
  {
    id: 'AwsSolutions::AwsSolutions-APIG3',
    reason:
      'The public API has a WAF rate-based rule; partner traffic is throttled per partner by usage plans and the operator API requires IAM.',
  },
  {
    id: 'AwsSolutions::AwsSolutions-S1',
    reason:
      'The documents bucket logs every request to a dedicated log bucket; that log bucket does not log itself (logging it would recurse).',
  },
  {
    id: 'HIPAA.Security::HIPAA.Security-S3BucketLoggingEnabled',
    reason: 'As AwsSolutions-S1: the documents bucket has server access logging; only the log bucket itself does not.',
  },
  {
    id: 'HIPAA.Security::HIPAA.Security-S3BucketReplicationEnabled',
    reason:
      'Versioned bucket in one region; cross-region replication is a per-deployment decision, not part of the base stack.',
  },
  {
    id: 'HIPAA.Security::HIPAA.Security-LambdaInsideVPC',
    reason:
      'No VPC resources: every dependency is an AWS-managed service reached over TLS with IAM; a VPC would add NAT cost and cold starts without isolating anything.',
  },
  {
    id: 'HIPAA.Security::HIPAA.Security-LambdaDLQ',
    reason:
      'API handlers are invoked synchronously (no async event to dead-letter); the asynchronous webhook path has its own SQS DLQ.',
  },
  {
    id: 'HIPAA.Security::HIPAA.Security-LambdaConcurrency',
    reason:
      'Concurrency is bounded upstream by the WAF rule, usage plans and API throttling; the keyless MCP function has reserved concurrency.',
  },
  {
    id: 'HIPAA.Security::HIPAA.Security-CloudWatchLogGroupEncrypted',
    reason:
      'Logs carry ids only, never patient data (enforced by the PHI-leak test); CloudWatch encrypts them at rest by default.',
  },
  {
    id: 'HIPAA.Security::HIPAA.Security-IAMNoInlinePolicy',
    reason:
      'CDK grants write one inline policy per function role: the least-privilege, per-function grants the route table declares.',
  },
  {
    id: 'HIPAA.Security::HIPAA.Security-APIGWSSLEnabled',
    reason: 'Backend client certificates apply to HTTP integrations; every integration here is a Lambda proxy.',
  },
  {
    id: 'HIPAA.Security::HIPAA.Security-APIGWCacheEnabledAndEncrypted',
    reason: 'Stage caching is off (responses carry Cache-Control); nothing is cached at the stage to encrypt.',
  },
  {
    id: 'HIPAA.Security::HIPAA.Security-LambdaFunctionPublicAccessProhibited',
    reason:
      'The MCP function URL is keyless by specification (reserved concurrency caps it); other invoke permissions are scoped to our API Gateway ARNs.',
  },
  {
    id: 'AwsSolutions::AwsSolutions-SMG4',
    reason:
      'The Stripe key is rotated in Stripe’s dashboard and then written here; rotating the cursor secret would invalidate open list cursors. Follow-up: a rotation Lambda with a two-secret overlap.',
  },
  {
    id: 'HIPAA.Security::HIPAA.Security-SecretsManagerRotationEnabled',
    reason: 'As AwsSolutions-SMG4: rotation is manual for now, with the overlap follow-up noted there.',
  },
  {
    id: 'HIPAA.Security::HIPAA.Security-SNSEncryptedKMS',
    reason: 'The alarm topic carries alarm names and states only, no data.',
  },
];

export function acknowledgeNagFindings(stack: Stack): void {
  Validations.of(stack).acknowledge(...NAG_ACKNOWLEDGMENTS);
}
