import { describe, expect, it } from 'vitest';
import { App, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks, HIPAASecurityChecks } from 'cdk-nag';
import { buildApp } from '../../infra/aws/app.js';
import { TEST_LAB_ENDPOINT } from '../support/synth.js';
import { NAG_ACKNOWLEDGMENTS } from '../../infra/aws/nag.js';

describe('cdk-nag', () => {
  it('AwsSolutions and HIPAA Security find nothing unacknowledged in either stage', () => {
    const app = buildApp(new App({ context: { 'aws:cdk:bundling-stacks': [], labEndpoint: TEST_LAB_ENDPOINT } }));
    Validations.of(app).addPlugins(new AwsSolutionsChecks(app), new HIPAASecurityChecks(app));
    let message = '';
    try {
      app.synth();
    } catch (err) {
      message = (err as Error).message;
    }
    const unacknowledged = [...new Set([...message.matchAll(/Acknowledge with '([^']+)'/g)].map((m) => m[1]))];
    expect(unacknowledged).toEqual([]);
    expect(message).toBe('');
  }, 120_000);

  it('every acknowledgment carries a written reason', () => {
    for (const a of NAG_ACKNOWLEDGMENTS) expect(a.reason.length, a.id).toBeGreaterThan(40);
  });
});
