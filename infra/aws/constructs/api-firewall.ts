import type { RemovalPolicy } from 'aws-cdk-lib';
import { LogGroup, type RetentionDays } from 'aws-cdk-lib/aws-logs';
import { CfnLoggingConfiguration, CfnWebACL, CfnWebACLAssociation } from 'aws-cdk-lib/aws-wafv2';
import { Construct } from 'constructs';

/**
 * What a well-formed partner key looks like after WAF lowercases the header (the authorizer's
 * own check, shared/domain/partner.ts, is the authority: this only keeps floods of keyless or
 * garbage requests away from it and from DynamoDB).
 */
export const WAF_BEARER_PATTERN = '^bearer\\s+sk_(test|live)_[a-z0-9]{32}\\s*$';

const INVALID_KEY_BODY =
  '{"error":{"code":"invalid_api_key","message":"The API key is missing, malformed, unknown or revoked."}}';

export interface ApiFirewallProps {
  /** The API Gateway stage ARN the web ACL protects. */
  stageArn: string;
  name: string;
  requestsPer5MinutesPerIp: number;
  logRetention: RetentionDays;
  removalPolicy: RemovalPolicy;
  /** Partner API: requests without a well-formed bearer key are answered 401 here, except these keyless paths. */
  bearerKey?: { keylessPathSuffixes: string[] };
}

const visibility = (metricName: string) => ({
  cloudWatchMetricsEnabled: true,
  metricName,
  sampledRequestsEnabled: true,
});

function managed(name: string, priority: number, overrides: string[] = []): CfnWebACL.RuleProperty {
  return {
    name,
    priority,
    overrideAction: { none: {} },
    statement: {
      managedRuleGroupStatement: {
        vendorName: 'AWS',
        name,
        ...(overrides.length
          ? { ruleActionOverrides: overrides.map((rule) => ({ name: rule, actionToUse: { count: {} } })) }
          : {}),
      },
    },
    visibilityConfig: visibility(name),
  };
}

/** A regional web ACL in front of one API stage: per-IP rate, managed rules, logging with the key redacted. */
export class ApiFirewall extends Construct {
  readonly acl: CfnWebACL;

  constructor(scope: Construct, id: string, props: ApiFirewallProps) {
    super(scope, id);
    const rules: CfnWebACL.RuleProperty[] = [
      {
        name: 'per-ip-rate',
        priority: 0,
        action: { block: {} },
        statement: { rateBasedStatement: { aggregateKeyType: 'IP', limit: props.requestsPer5MinutesPerIp } },
        visibilityConfig: visibility(`${props.name}-per-ip-rate`),
      },
      managed('AWSManagedRulesAmazonIpReputationList', 1),
      // A valid order at its limits (many items, long names) is larger than the 8 KB this rule blocks.
      managed('AWSManagedRulesCommonRuleSet', 2, ['SizeRestrictions_BODY']),
      managed('AWSManagedRulesKnownBadInputsRuleSet', 3),
    ];
    if (props.bearerKey) rules.push(bearerRule(props.bearerKey.keylessPathSuffixes));
    this.acl = new CfnWebACL(this, 'Acl', {
      scope: 'REGIONAL',
      defaultAction: { allow: {} },
      visibilityConfig: visibility(props.name),
      rules,
      ...(props.bearerKey
        ? { customResponseBodies: { invalid_api_key: { contentType: 'APPLICATION_JSON', content: INVALID_KEY_BODY } } }
        : {}),
    });
    new CfnWebACLAssociation(this, 'Association', { resourceArn: props.stageArn, webAclArn: this.acl.attrArn });
    // WAF only writes to log groups named aws-waf-logs-*; the key and cookies never reach the log.
    const logs = new LogGroup(this, 'Logs', {
      logGroupName: `aws-waf-logs-${props.name}`,
      retention: props.logRetention,
      removalPolicy: props.removalPolicy,
    });
    new CfnLoggingConfiguration(this, 'Logging', {
      resourceArn: this.acl.attrArn,
      logDestinationConfigs: [logs.logGroupArn],
      redactedFields: [{ singleHeader: { Name: 'authorization' } }, { singleHeader: { Name: 'cookie' } }],
    });
  }
}

function bearerRule(keylessPathSuffixes: string[]): CfnWebACL.RuleProperty {
  const wellFormedKey: CfnWebACL.StatementProperty = {
    regexMatchStatement: {
      regexString: WAF_BEARER_PATTERN,
      fieldToMatch: { singleHeader: { Name: 'authorization' } },
      textTransformations: [{ priority: 0, type: 'LOWERCASE' }],
    },
  };
  const keyless: CfnWebACL.StatementProperty[] = keylessPathSuffixes.map((suffix) => ({
    byteMatchStatement: {
      searchString: suffix,
      positionalConstraint: 'ENDS_WITH',
      fieldToMatch: { uriPath: {} },
      textTransformations: [{ priority: 0, type: 'NONE' }],
    },
  }));
  const allowed = [wellFormedKey, ...keyless];
  return {
    name: 'partner-bearer-key',
    priority: 4,
    action: { block: { customResponse: { responseCode: 401, customResponseBodyKey: 'invalid_api_key' } } },
    statement: {
      notStatement: {
        statement: allowed.length === 1 ? wellFormedKey : { orStatement: { statements: allowed } },
      },
    },
    visibilityConfig: visibility('partner-bearer-key'),
  };
}
