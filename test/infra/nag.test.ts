import { afterAll, describe, expect, it } from 'vitest';
import { App, Validations } from 'aws-cdk-lib';
import { buildApp } from '../../infra/aws/app.js';
import { TEST_LAB_ENDPOINT } from '../support/synth.js';
import { addNagGate } from '../../infra/aws/nag.js';

// The gate `cdk synth` runs (infra/aws/app.ts), in a region other than the default: an
// acknowledgment that named a region would not match here.
const region = process.env.CDK_DEFAULT_REGION;
process.env.CDK_DEFAULT_REGION = 'eu-west-1';
const app = buildApp(new App({ context: { 'aws:cdk:bundling-stacks': [], labEndpoint: TEST_LAB_ENDPOINT } }));
addNagGate(app);
afterAll(() => {
  if (region === undefined) delete process.env.CDK_DEFAULT_REGION;
  else process.env.CDK_DEFAULT_REGION = region;
});

describe('cdk-nag at synth', () => {
  it('AwsSolutions and HIPAA Security find nothing unacknowledged in either stage, in any region', () => {
    let message = '';
    try {
      app.synth();
    } catch (err) {
      message = (err as Error).message;
    }
    const unacknowledged = [...new Set([...message.matchAll(/Acknowledge with '([^']+)'/g)].map((m) => m[1]))];
    expect(unacknowledged, message.slice(0, 6000)).toEqual([]);
    expect(message).toBe('');
  }, 180_000);

  it('every acknowledgment carries a written reason, and most sit on the resource they concern', () => {
    const acks = app.node
      .findAll()
      .flatMap((c) =>
        c.node.metadata
          .filter((m) => m.type === Validations.ACKNOWLEDGED_RULES_METADATA_KEY)
          .flatMap((m) =>
            Object.entries(m.data as Record<string, string>).map(([id, reason]) => ({ path: c.node.path, id, reason })),
          ),
      );
    for (const a of acks) expect(a.reason.length, `${a.path} ${a.id}`).toBeGreaterThan(40);
    const onResources = acks.filter((a) => a.path.includes('/'));
    const stackWide = acks.filter((a) => !a.path.includes('/'));
    expect(onResources.length).toBeGreaterThan(stackWide.length);
    // Resource-specific findings are never acknowledged stack-wide.
    expect(stackWide.map((a) => a.id).filter((id) => /IAM5|S1|SMG4|APIG4|APIG3|PublicAccess|SNS/.test(id))).toEqual([]);
  });
});
