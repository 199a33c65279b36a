import { describe, expect, it } from 'vitest';
import { Match } from 'aws-cdk-lib/assertions';
import { synthesize } from '../support/synth.js';

// The audit controls in the templates: the audit table keeps records six years and no function
// may change or delete one; API Gateway and S3 log who touched what.
const { template } = synthesize();
type Statement = { Effect: string; Action: string | string[]; Resource: unknown };

describe.each(['sandbox', 'production'] as const)('%s stack: audit controls', (stage) => {
  const t = template(stage);
  const tables = t.findResources('AWS::DynamoDB::GlobalTable');
  const auditId = Object.keys(tables).find((id) => id.startsWith('DataAudit')) as string;

  it('has an audit table with a TTL attribute and an index by order', () => {
    expect(auditId).toBeDefined();
    expect(tables[auditId]?.Properties).toMatchObject({
      TimeToLiveSpecification: { AttributeName: 'expiresAt', Enabled: true },
      GlobalSecondaryIndexes: [expect.objectContaining({ IndexName: 'gsi1' })],
    });
  });

  it('denies every function role UpdateItem, DeleteItem and BatchWriteItem on the audit table, and grants no more than PutItem and reads', () => {
    const roles = Object.keys(t.findResources('AWS::IAM::Role')).filter((id) => id.includes('FnServiceRole'));
    expect(roles.length).toBeGreaterThan(10);
    const policies = Object.values(t.findResources('AWS::IAM::Policy'));
    const onAudit = (s: Statement) => JSON.stringify(s.Resource).includes(auditId);
    for (const role of roles) {
      const attached = policies.filter((p) => JSON.stringify(p.Properties.Roles).includes(role));
      const statements = attached.flatMap((p) => p.Properties.PolicyDocument.Statement as Statement[]);
      const denied = statements.filter((s) => s.Effect === 'Deny' && onAudit(s)).flatMap((s) => [s.Action].flat());
      expect(denied, role).toEqual(
        expect.arrayContaining(['dynamodb:UpdateItem', 'dynamodb:DeleteItem', 'dynamodb:BatchWriteItem']),
      );
      const allowed = statements.filter((s) => s.Effect === 'Allow' && onAudit(s)).flatMap((s) => [s.Action].flat());
      expect(
        allowed.filter((a) => /^dynamodb:(Update|Delete|BatchWrite|PartiQLUpdate|PartiQLDelete)/.test(a)),
        role,
      ).toEqual([]);
    }
  });

  it('logs partner API calls with the authorizer’s partner and key id, operator calls with the caller’s ARN', () => {
    const stages = Object.values(t.findResources('AWS::ApiGateway::Stage'));
    const formats = stages.map((s) => String(s.Properties.AccessLogSetting?.Format ?? ''));
    const partner = formats.find((f) => f.includes('$context.authorizer.partnerId'));
    expect(partner).toContain('$context.authorizer.keyId');
    expect(partner).not.toMatch(/requestBody|querystring/i);
    expect(formats.some((f) => f.includes('$context.identity.userArn'))).toBe(true);
    t.hasResourceProperties('AWS::Logs::LogGroup', {
      RetentionInDays: stage === 'production' ? 2192 : Match.anyValue(),
    });
  });

  it('logs every request to the documents bucket in a separate log bucket', () => {
    t.hasResourceProperties('AWS::S3::Bucket', {
      LoggingConfiguration: { DestinationBucketName: Match.anyValue(), LogFilePrefix: 'documents/' },
    });
  });
});
