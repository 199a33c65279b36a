import { describe, expect, it } from 'vitest';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { NestedStack } from 'aws-cdk-lib';
import { synthesize } from '../support/synth.js';
import type { ServiceStack } from '../../infra/aws/service-stack.js';

// Stage differences and custom domains; the per-stage resources are in stack.test.ts.
const { template } = synthesize();

describe('stage differences', () => {
  it('production has termination protection; the sandbox can be torn down', () => {
    const { stacks } = synthesize();
    expect(stacks['LabTests-production']?.terminationProtection).toBe(true);
    expect(stacks['LabTests-production-data']?.terminationProtection).toBe(true);
    expect(stacks['LabTests-sandbox']?.terminationProtection).toBe(false);
    expect(stacks['LabTests-sandbox-data']?.terminationProtection).toBe(false);
  });

  it('each stage keeps its state in its own stack (retained in production) and the stateless stack holds none', () => {
    const { stacks } = synthesize();
    const STATEFUL = ['AWS::KMS::Key', 'AWS::DynamoDB::GlobalTable', 'AWS::S3::Bucket', 'AWS::SecretsManager::Secret'];
    for (const stage of ['sandbox', 'production'] as const) {
      const service = stacks[`LabTests-${stage}`] as ServiceStack;
      expect(service.dataStack).toBe(stacks[`LabTests-${stage}-data`]);
      const data = Template.fromStack(service.dataStack).toJSON().Resources as Record<
        string,
        { Type: string; DeletionPolicy?: string }
      >;
      const stateful = Object.values(data).filter((r) => STATEFUL.includes(r.Type));
      expect(new Set(stateful.map((r) => r.Type))).toEqual(new Set(STATEFUL));
      for (const r of stateful) expect(r.DeletionPolicy, r.Type).toBe(stage === 'production' ? 'Retain' : 'Delete');
      const nested = service.node.findAll().filter((c): c is NestedStack => c instanceof NestedStack);
      for (const stack of [service, ...nested]) {
        const types = Object.values(Template.fromStack(stack).toJSON().Resources as Record<string, { Type: string }>);
        expect(
          types.filter((r) => STATEFUL.includes(r.Type)),
          stack.node.path,
        ).toEqual([]);
      }
    }
  }, 60_000);

  it('the sandbox-only helper routes, and their write grants, are not synthesized in production', () => {
    const paths = (stage: 'sandbox' | 'production') =>
      JSON.stringify(template(stage).findResources('AWS::ApiGateway::Resource'));
    expect(paths('sandbox')).toContain('"sandbox"');
    expect(paths('production')).not.toContain('"sandbox"');
    const fns = Object.keys(template('production').findResources('AWS::Lambda::Function'));
    expect(fns.filter((id) => /^Sandbox/.test(id))).toEqual([]);
    expect(
      Object.keys(template('production').findResources('AWS::IAM::Policy')).filter((id) => /^Sandbox/.test(id)),
    ).toEqual([]);
  });

  it('production protects its tables from deletion; the sandbox does not', () => {
    const protectedReplica = (on: boolean) => ({
      Replicas: Match.arrayWith([Match.objectLike({ DeletionProtectionEnabled: on })]),
    });
    template('production').allResourcesProperties('AWS::DynamoDB::GlobalTable', protectedReplica(true));
    template('sandbox').allResourcesProperties('AWS::DynamoDB::GlobalTable', protectedReplica(false));
  });
});

describe('custom domains by config', () => {
  it('maps each configured API at the root of its own domain, with TLS 1.2', async () => {
    const { App } = await import('aws-cdk-lib');
    const { Template } = await import('aws-cdk-lib/assertions');
    const { ServiceStack } = await import('../../infra/aws/service-stack.js');
    const { STAGES } = await import('../../infra/aws/stages.js');
    const app = new App({ context: { 'aws:cdk:bundling-stacks': [] } });
    const stack = new ServiceStack(app, 'WithDomains', {
      env: { region: 'us-east-1' },
      stage: {
        ...STAGES.sandbox,
        domains: {
          public: {
            name: 'api.labtests.example',
            certificateArn: 'arn:aws:acm:us-east-1:111111111111:certificate/abc',
          },
        },
      },
    });
    const t = Template.fromStack(stack);
    t.hasResourceProperties('AWS::ApiGateway::DomainName', {
      DomainName: 'api.labtests.example',
      SecurityPolicy: 'TLS_1_2',
    });
    t.resourceCountIs('AWS::ApiGateway::BasePathMapping', 1);
  });
});
