import { describe, expect, it } from 'vitest';
import { App } from 'aws-cdk-lib';
import { Match } from 'aws-cdk-lib/assertions';
import { buildApp } from '../../infra/aws/app.js';
import { synthesize } from '../support/synth.js';

describe('the lab per stage', () => {
  it('the production stage refuses to synthesize without a lab endpoint: no fallback to the simulation', () => {
    expect(() => buildApp(new App({ context: { 'aws:cdk:bundling-stacks': [] } }))).toThrow(/lab endpoint/);
    expect(() =>
      buildApp(new App({ context: { 'aws:cdk:bundling-stacks': [], labEndpoint: { host: 'x', port: 'no' } } })),
    ).toThrow(/labEndpoint must be/);
  });

  // Synthesized while the suite is collected (as the stack suite does): it takes longer than a test may.
  const synthesized = synthesize();
  const templates = { sandbox: synthesized.template('sandbox'), production: synthesized.template('production') };
  const template = (stage: 'sandbox' | 'production') => templates[stage];

  it('production handlers place orders over MLLP at the configured endpoint; the sandbox keeps the simulated lab', () => {
    const env = (stage: 'sandbox' | 'production') =>
      Object.values(template(stage).findResources('AWS::Lambda::Function')).map(
        (f) =>
          (f as { Properties: { Environment?: { Variables?: Record<string, unknown> } } }).Properties.Environment
            ?.Variables ?? {},
      );
    const placement = env('production').filter((v) => v.LAB_MLLP_URL);
    expect(placement.length).toBeGreaterThan(0);
    expect(placement[0]).toMatchObject({
      LAB_MLLP_URL: 'mllps://mllp.lab.example:6661',
      LAB_SENDING_FACILITY: 'LABTESTS',
      LAB_RECEIVING_FACILITY: 'REFLAB',
    });
    expect(env('sandbox').some((v) => v.LAB_MLLP_URL)).toBe(false);
  });

  it('the lab’s role may call POST /lab/v1/oru and nothing else', () => {
    for (const stage of ['sandbox', 'production'] as const) {
      const policies = template(stage).findResources('AWS::IAM::Policy', {
        Properties: { Roles: [{ Ref: Match.stringLikeRegexp('LabResultsRole') }] },
      });
      const statements = Object.values(policies).flatMap(
        (p) => (p as { Properties: { PolicyDocument: { Statement: unknown[] } } }).Properties.PolicyDocument.Statement,
      );
      expect(statements).toHaveLength(1);
      expect(JSON.stringify(statements[0])).toContain('/POST/lab/v1/oru');
      expect(statements[0]).toMatchObject({ Action: 'execute-api:Invoke', Effect: 'Allow' });
    }
  });
});
