import { describe, expect, it } from 'vitest';
import { Match } from 'aws-cdk-lib/assertions';
import { WAF_BEARER_PATTERN } from '../../infra/aws/constructs/api-firewall.js';
import { concurrencyNeeded, STAGES } from '../../infra/aws/stages.js';
import { checkBearer, generateApiKey } from '../../shared/domain/partner.js';
import { synthesize } from '../support/synth.js';

const { template } = synthesize();

describe.each(['sandbox', 'production'] as const)('%s edge', (stage) => {
  const t = template(stage);
  const acls = Object.values(t.findResources('AWS::WAFv2::WebACL')).map(
    (r) => r.Properties as { Rules: Array<{ Name: string; Statement: Record<string, unknown> }> },
  );

  it('puts a web ACL on the public and the partner API: per-IP rate and the three managed rule groups', () => {
    expect(acls).toHaveLength(2);
    t.resourceCountIs('AWS::WAFv2::WebACLAssociation', 2);
    for (const acl of acls) {
      const names = acl.Rules.map((r) => r.Name);
      expect(names).toEqual(
        expect.arrayContaining([
          'per-ip-rate',
          'AWSManagedRulesCommonRuleSet',
          'AWSManagedRulesKnownBadInputsRuleSet',
          'AWSManagedRulesAmazonIpReputationList',
        ]),
      );
      const common = acl.Rules.find((r) => r.Name === 'AWSManagedRulesCommonRuleSet');
      // A valid order at its limits is larger than the rule's 8 KB: counted, not blocked.
      expect(common?.Statement).toEqual({
        ManagedRuleGroupStatement: {
          VendorName: 'AWS',
          Name: 'AWSManagedRulesCommonRuleSet',
          RuleActionOverrides: [{ Name: 'SizeRestrictions_BODY', ActionToUse: { Count: {} } }],
        },
      });
    }
  });

  it('answers partner requests without a well-formed bearer key 401 at the edge, except the keyless OpenAPI document', () => {
    const partner = acls.find((a) => a.Rules.some((r) => r.Name === 'partner-bearer-key'));
    const text = JSON.stringify(partner);
    expect(text).toContain(JSON.stringify(WAF_BEARER_PATTERN).slice(1, -1));
    expect(text).toContain('/api/v1/openapi.json');
    t.hasResourceProperties('AWS::WAFv2::WebACL', {
      CustomResponseBodies: { invalid_api_key: Match.objectLike({ ContentType: 'APPLICATION_JSON' }) },
      Rules: Match.arrayWith([
        Match.objectLike({
          Name: 'partner-bearer-key',
          Action: { Block: { CustomResponse: { ResponseCode: 401, CustomResponseBodyKey: 'invalid_api_key' } } },
        }),
      ]),
    });
  });

  it('logs both web ACLs to aws-waf-logs-* groups with the key and cookies redacted', () => {
    t.resourceCountIs('AWS::WAFv2::LoggingConfiguration', 2);
    t.allResourcesProperties('AWS::WAFv2::LoggingConfiguration', {
      RedactedFields: [{ SingleHeader: { Name: 'authorization' } }, { SingleHeader: { Name: 'cookie' } }],
    });
    t.hasResourceProperties('AWS::Logs::LogGroup', { LogGroupName: `aws-waf-logs-lab-tests-partner-${stage}` });
  });

  it('throttles every API stage and writes JSON access logs without paths or query strings', () => {
    const stages = Object.values(t.findResources('AWS::ApiGateway::Stage')).map(
      (r) => r.Properties as { MethodSettings: Array<Record<string, unknown>>; AccessLogSetting?: { Format: string } },
    );
    expect(stages).toHaveLength(3);
    for (const s of stages) {
      expect(s.MethodSettings).toEqual(
        expect.arrayContaining([
          expect.objectContaining({
            ThrottlingRateLimit: STAGES[stage].apiThrottle.rateLimit,
            ThrottlingBurstLimit: STAGES[stage].apiThrottle.burstLimit,
          }),
        ]),
      );
      const format = JSON.parse(s.AccessLogSetting?.Format ?? '{}') as Record<string, string>;
      expect(format.resourcePath).toBe('$context.resourcePath');
      expect(Object.values(format).join(' ')).not.toMatch(/\$context\.path|querystring|\$input/);
    }
  });

  it('reserves no concurrency unless configured, so a fresh account can deploy', () => {
    expect(concurrencyNeeded(STAGES[stage])).toBe(0);
    expect(JSON.stringify(t.findResources('AWS::Lambda::Function'))).not.toContain('ReservedConcurrentExecutions');
  });
});

describe('the WAF bearer pattern', () => {
  it('lets through every key the authorizer could accept, and stops what it would refuse as malformed', () => {
    const waf = new RegExp(WAF_BEARER_PATTERN);
    const edge = (header: string) => waf.test(header.toLowerCase());
    for (const env of ['test', 'live'] as const) {
      const key = generateApiKey(env);
      for (const header of [`Bearer ${key}`, `bearer ${key}`, `BEARER  ${key} `]) {
        expect(edge(header), header).toBe(true);
        expect(checkBearer(header, env === 'live' ? 'production' : 'sandbox').ok).toBe(true);
      }
    }
    for (const header of ['', 'Bearer', 'Bearer sk_test_short', 'Basic abc', `Bearer pk_test_${'a'.repeat(32)}`]) {
      expect(edge(header), header).toBe(false);
      expect(checkBearer(header, 'sandbox').ok).toBe(false);
    }
  });
});

describe('reserved concurrency by configuration', () => {
  it('states the account quota a reservation needs: the reserved sum plus the 100 AWS keeps unreserved', () => {
    expect(concurrencyNeeded({ ...STAGES.production, reservedConcurrency: { Mcp: 50, PartnerAuthorizer: 20 } })).toBe(
      170,
    );
  });
});
