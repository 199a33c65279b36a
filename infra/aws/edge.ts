import { CfnOutput, type RemovalPolicy, type Stack } from 'aws-cdk-lib';
import { AccountRootPrincipal, PolicyStatement, Role } from 'aws-cdk-lib/aws-iam';
import type { RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Certificate } from 'aws-cdk-lib/aws-certificatemanager';
import { SecurityPolicy, type RestApi } from 'aws-cdk-lib/aws-apigateway';
import type { Route } from '../../shared/manifest/index.js';
import { ApiFirewall } from './constructs/api-firewall.js';
import type { RestApiKind } from './apis.js';
import type { StageConfig } from './stages.js';

/** The lab's role, the WAFs, custom domains and the outputs an operator needs. */
export function addEdge(
  stack: Stack,
  apis: Record<RestApiKind, RestApi>,
  stage: StageConfig,
  opts: { logRetention: RetentionDays; removalPolicy: RemovalPolicy; routes: Route[] },
): void {
  const { logRetention, removalPolicy } = opts;
  // The lab's own identity: a role that may call its results route and nothing else.
  const labRole = new Role(stack, 'LabResultsRole', { assumedBy: new AccountRootPrincipal() });
  const operatorApi = apis.operator;
  labRole.addToPolicy(
    new PolicyStatement({
      actions: ['execute-api:Invoke'],
      resources: [operatorApi.arnForExecuteApi('POST', '/lab/v1/oru', operatorApi.deploymentStage.stageName)],
    }),
  );
  new CfnOutput(stack, 'LabResultsRoleArn', { value: labRole.roleArn });
  // Coarse per-IP shields and managed rules in front of the public and partner APIs; the exact
  // 60-request burst stays the DynamoDB limiter, per-partner throttling the usage plans.
  const waf = { requestsPer5MinutesPerIp: stage.wafRequestsPer5Minutes, logRetention, removalPolicy };
  new ApiFirewall(stack, 'PublicWaf', {
    ...waf,
    stageArn: apis.public.deploymentStage.stageArn,
    name: `lab-tests-public-${stage.stage}`,
  });
  new ApiFirewall(stack, 'PartnerWaf', {
    ...waf,
    stageArn: apis.partner.deploymentStage.stageArn,
    name: `lab-tests-partner-${stage.stage}`,
    bearerKey: {
      keylessPathSuffixes: opts.routes.filter((r) => r.api === 'partner' && r.auth === 'none').map((r) => r.path),
    },
  });
  for (const [kind, domain] of Object.entries(stage.domains ?? {})) {
    const api = apis[kind as RestApiKind];
    if (!domain) continue;
    const name = api.addDomainName(`${kind}Domain`, {
      domainName: domain.name,
      certificate: Certificate.fromCertificateArn(stack, `${kind}Certificate`, domain.certificateArn),
      securityPolicy: SecurityPolicy.TLS_1_2,
    });
    // The DNS record to create: CNAME (or Route 53 alias) from the domain to this target.
    new CfnOutput(stack, `${kind}DomainTarget`, {
      value: name.domainNameAliasDomainName,
      description: `CNAME ${domain.name} to this name`,
    });
  }
  new CfnOutput(stack, 'StripeWebhookUrl', {
    value: `${apis.public.url}stripe/webhook`,
    description: "Stripe's webhook endpoint for this stage (events: payment_intent.*, charge.refunded, refund.updated)",
  });
}
