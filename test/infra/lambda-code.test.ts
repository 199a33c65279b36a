import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App, Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { Function as LambdaFunction, Runtime } from 'aws-cdk-lib/aws-lambda';
import { afterAll, describe, expect, it } from 'vitest';
import { lambdaCode } from '../../infra/aws/constructs/service-function.js';
import { SCALAR_STANDALONE } from '../../shared/manifest/page-routes.js';

const outdir = mkdtempSync(join(tmpdir(), 'lambda-code-'));
afterAll(() => rmSync(outdir, { recursive: true, force: true }));

// The other infrastructure tests skip bundling; this one bundles two small functions for real, as
// `cdk synth` does, and looks at what each asset holds.
describe('a function asset', () => {
  it('holds its own entry bundled as index.mjs (never another function’s), and the files it reads', () => {
    const app = new App({ outdir });
    const stack = new Stack(app, 'Code');
    const fn = (id: string, entry: string, files?: string[]) =>
      new LambdaFunction(stack, id, {
        code: lambdaCode(entry, files),
        handler: 'index.handler',
        runtime: Runtime.NODEJS_22_X,
      });
    fn('Health', 'lambdas/public/healthz.ts');
    fn('Handoff', 'lambdas/pages/cart-handoff.ts');
    fn('Assets', 'lambdas/pages/docs-assets.ts', [SCALAR_STANDALONE]);
    fn('Locations', 'lambdas/partner/locations.ts');
    app.synth();
    const keys = Object.values(Template.fromStack(stack).findResources('AWS::Lambda::Function')).map(
      (r) => (r as { Properties: { Code: { S3Key: string } } }).Properties.Code.S3Key,
    );
    expect(new Set(keys).size).toBe(4);
    const asset = (key: string) => join(outdir, `asset.${key.replace(/\.zip$/, '')}`);
    const [health, handoff, assets, locations] = keys.map((k) => asset(k)) as [string, string, string, string];
    expect(readFileSync(join(health, 'index.mjs'), 'utf8')).toContain('ok');
    expect(readFileSync(join(handoff, 'index.mjs'), 'utf8')).not.toEqual(
      readFileSync(join(health, 'index.mjs'), 'utf8'),
    );
    expect(existsSync(join(assets, 'standalone.js'))).toBe(true);
    expect(readdirSync(health)).toEqual(['index.mjs']);
    // The data files its code reads travel beside its bundle (shared/adapters/data-file.ts).
    expect(
      readdirSync(locations)
        .filter((f) => f.endsWith('.json'))
        .sort(),
    ).toEqual(['site-index.json', 'zip-index.json']);
  }, 120_000);
});
