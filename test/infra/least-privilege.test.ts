import { describe, expect, it } from 'vitest';
import { Match } from 'aws-cdk-lib/assertions';
import { TABLES } from '../../shared/adapters/dynamodb/tables.js';
import { synthesize } from '../support/synth.js';
import { manifestFunctions, schedulesOf } from '../../shared/manifest/index.js';

const { template } = synthesize();

type Statement = { Action: string | string[]; Resource: unknown; Condition?: unknown };
type Policy = { Properties: { PolicyDocument: { Statement: Statement[] } } };

describe.each(['sandbox', 'production'] as const)('%s least privilege', (stage) => {
  const t = template(stage);
  const policies = t.findResources('AWS::IAM::Policy') as Record<string, Policy>;
  const actionsOf = (p: Policy) =>
    p.Properties.PolicyDocument.Statement.flatMap((s) => ([] as string[]).concat(s.Action));
  const keyId = (name: string) => Object.keys(t.findResources('AWS::KMS::Key')).find((k) => k.startsWith(name));

  it('no role may Scan a table (no code scans) or delete, hold or retain documents', () => {
    for (const [id, p] of Object.entries(policies)) {
      const actions = actionsOf(p);
      expect(
        actions.filter((a) => /^dynamodb:Scan|^dynamodb:\*/.test(a)),
        id,
      ).toEqual([]);
      expect(
        actions.filter((a) => /^s3:(Delete|PutObjectLegalHold|PutObjectRetention|Abort|\*)/.test(a)),
        id,
      ).toEqual([]);
    }
  });

  it('reference tables have their own key; public functions never hold the patient-data key', () => {
    const patientKey = keyId('DataKey') as string;
    const referenceKey = keyId('ReferenceDataKey') as string;
    expect(patientKey).toBeDefined();
    expect(referenceKey).toBeDefined();
    for (const def of Object.values(TABLES)) {
      const table = Object.entries(t.findResources('AWS::DynamoDB::GlobalTable')).find(([id]) =>
        id.startsWith(`Data${def.logicalName}`),
      );
      const sse = JSON.stringify((table?.[1].Properties as { Replicas: unknown }).Replicas);
      expect(sse, def.logicalName).toContain('nonPatient' in def ? referenceKey : patientKey);
    }
    const publicFns = Object.entries(policies).filter(([id]) => /^(Public|Page|Mcp|Healthz)/.test(id));
    expect(publicFns.length).toBeGreaterThan(5);
    // By reference within a template, or by the data stack's export named after it.
    for (const [id, p] of publicFns) expect(JSON.stringify(p), id).not.toContain(patientKey);
  });

  it('documents: readers get and list, writers also put; nothing more', () => {
    const s3 = Object.entries(policies)
      .flatMap(([, p]) => p.Properties.PolicyDocument.Statement)
      .flatMap((s) => ([] as string[]).concat(s.Action))
      .filter((a) => a.startsWith('s3:'));
    expect(new Set(s3)).toEqual(new Set(['s3:GetObject', 's3:PutObject', 's3:ListBucket']));
  });

  it('queries reach the orders table’s indexes', () => {
    // The table lives in the data stack: its ARN comes in as an export named after it.
    expect(JSON.stringify(policies)).toMatch(/DataOrders[0-9A-F]{8}Arn[0-9A-F]{8}"\},"\/index\/\*"/);
  });

  it('only the scheduler acting for this account assumes its role, and it is passed to the scheduler only', () => {
    t.hasResourceProperties('AWS::IAM::Role', {
      AssumeRolePolicyDocument: {
        Statement: [
          Match.objectLike({
            Principal: { Service: 'scheduler.amazonaws.com' },
            Condition: { StringEquals: { 'aws:SourceAccount': { Ref: 'AWS::AccountId' } } },
          }),
        ],
      },
    });
    const passRole = Object.values(policies)
      .flatMap((p) => p.Properties.PolicyDocument.Statement)
      .filter((s) => ([] as string[]).concat(s.Action).includes('iam:PassRole'));
    // One per function and schedule target it declares (order creation: placement; in the sandbox,
    // whatever issues requisitions: simulated results).
    const declared = manifestFunctions(stage).flatMap((f) => schedulesOf(f, stage));
    expect(passRole.length).toBe(declared.length);
    for (const s of passRole)
      expect(s.Condition).toEqual({ StringEquals: { 'iam:PassedToService': 'scheduler.amazonaws.com' } });
  });
});
