import { Stack, Token, Validations, type App, type CfnResource } from 'aws-cdk-lib';
import { AwsSolutionsChecks, HIPAASecurityChecks } from 'cdk-nag';
import type { IConstruct } from 'constructs';

// cdk-nag (AwsSolutions and HIPAA Security) runs at synth: `cdk synth` fails on any finding not
// acknowledged here. Acknowledgments sit on the construct they concern, with the reason beside
// them; only decisions that hold for every resource of a kind are stack-wide.

export interface NagAcknowledgment {
  id: string;
  reason: string;
}

/** Registered by app.ts (and the nag test): every synth of the app is checked. */
export function addNagGate(app: App): void {
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app), new HIPAASecurityChecks(app));
}

export function acknowledge(scope: IConstruct, ...acks: NagAcknowledgment[]): void {
  Validations.of(scope).acknowledge(...acks);
}

export const aws = (rule: string, reason: string) => ({ id: `AwsSolutions::AwsSolutions-${rule}`, reason });
export const hipaa = (rule: string, reason: string) => ({ id: `HIPAA.Security::HIPAA.Security-${rule}`, reason });
export const iam5 = (finding: string, reason: string) => aws(`IAM5[${finding}]`, reason);

/**
 * How cdk-nag names a resource's ARN in a finding: `<LogicalId.Arn>` within its stack; seen `from`
 * another stack (the data stack's tables and bucket), the name of the export CDK makes for it.
 */
export function arnRef(resource: IConstruct, from?: IConstruct): string {
  const producer = Stack.of(resource);
  const cfn = resource.node.defaultChild as CfnResource;
  if (!from || Stack.of(from) === producer) return `<${producer.getLogicalId(cfn)}.Arn>`;
  // The same export the cross-stack reference creates (CDK names it once per attribute).
  const imported = producer.resolve(producer.exportValue(cfn.getAtt('Arn'))) as { 'Fn::ImportValue': string };
  return imported['Fn::ImportValue'];
}

/** The stack's region as cdk-nag writes it: the literal region, or the pseudo parameter when agnostic. */
export function nagRegion(scope: IConstruct): string {
  const region = Stack.of(scope).region;
  return Token.isUnresolved(region) ? '<AWS::Region>' : region;
}

const MANAGED_LOGS = 'AWS-managed policy that only writes the resource’s own logs.';

/** Decisions that hold for every resource of their kind in the stack. */
export const STACK_WIDE: NagAcknowledgment[] = [
  aws(
    'IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
    `${MANAGED_LOGS} Every function, ours and the CDK custom-resource frameworks'.`,
  ),
  aws(
    'IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AmazonAPIGatewayPushToCloudWatchLogs]',
    `${MANAGED_LOGS} The account's API Gateway logging role, shared by the three APIs.`,
  ),
  aws('L1', 'Pinned to Node.js 22: the runtime the bundles target and are tested against.'),
  aws(
    'COG4',
    'No Cognito by design: the partner API authenticates hashed API keys in a Lambda authorizer, the operator API uses IAM, the public API is keyless by specification.',
  ),
  aws(
    'APIG2',
    'Handlers validate every request with zod and answer the specification’s error shapes and codes, which API Gateway request validators cannot produce.',
  ),
  hipaa(
    'LambdaInsideVPC',
    'No VPC resources: every dependency is an AWS-managed service reached over TLS with IAM; a VPC would add NAT cost and cold starts without isolating anything.',
  ),
  hipaa(
    'LambdaConcurrency',
    'Reserved concurrency is off unless a stage configures it (a reservation makes a fresh account’s deploy roll back; npm run preflight checks the quota); WAF rules, stage throttling and usage plans bound the load.',
  ),
  hipaa(
    'CloudWatchLogGroupEncrypted',
    'Logs carry ids only, never patient data (enforced by the PHI-leak test); WAF logs redact the key and cookies; CloudWatch encrypts them at rest.',
  ),
  hipaa(
    'IAMNoInlinePolicy',
    'CDK grants write one inline policy per role: the least-privilege, per-function grants the route table declares.',
  ),
  hipaa(
    'APIGWSSLEnabled',
    'Backend client certificates apply to HTTP integrations; every integration here is a Lambda proxy.',
  ),
  hipaa(
    'APIGWCacheEnabledAndEncrypted',
    'Stage caching is off (answers with patient data say no-store); nothing is cached at the stage to encrypt.',
  ),
];
