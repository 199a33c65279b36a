import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Readable } from 'node:stream';
import { build } from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';
import { literalSchemaKeys, sdkSchemasTreeShaken } from '../../infra/aws/bundle/sdk-schemas.js';
import { ReadableStream as ReadableStreamStandIn } from '../../infra/aws/bundle/readable-stream-global.js';
import processStandIn, { env, versions } from '../../infra/aws/bundle/process-global.js';
import { STRIPE_RESOURCES, withOnlyResources } from '../../infra/aws/bundle/stripe-resources.js';

const dir = mkdtempSync(join(tmpdir(), 'stand-ins-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the SDK schema modules, rewritten for tree shaking', () => {
  it('writes a computed key naming a string constant as that string, and leaves every other key alone', () => {
    const source = [
      'const _e = "error";',
      'const _hH = "httpHeader";',
      'const _q = "say \\"hi\\"";',
      'export var A$ = [3, n0, _A, { [_e]: _c, [_hH]: "x" }, [], []];',
      'export var B$ = [3, n0, _B, { [other]: 1, [_q]: 2, plain: 3 }, [_e], []];',
    ].join('\n');
    const out = literalSchemaKeys(source);
    expect(out).toContain('{ ["error"]: _c, ["httpHeader"]: "x" }');
    expect(out).toContain('{ [other]: 1, ["say \\"hi\\""]: 2, plain: 3 }, [_e], []');
    expect(out.split('\n').slice(0, 3)).toEqual(source.split('\n').slice(0, 3));
  });

  // The rewrite must not change one value: every shape of every client the functions bundle, built
  // with and without it (tree shaking off, so both keep everything), describes the same thing.
  it.each(['s3', 'dynamodb', 'sqs', 'kms', 'scheduler'])('gives client-%s the same shapes', async (client) => {
    const entry = `export * from '@aws-sdk/client-${client}/dist-es/schemas/schemas_0.js';`;
    const bundle = async (name: string, plugins: Parameters<typeof build>[0]['plugins']) => {
      const outfile = join(dir, `${client}-${name}.mjs`);
      await build({
        stdin: { contents: entry, resolveDir: process.cwd(), loader: 'js' },
        bundle: true,
        format: 'esm',
        platform: 'node',
        treeShaking: false,
        outfile,
        plugins,
        logLevel: 'silent',
      });
      return (await import(pathToFileURL(outfile).href)) as Record<string, unknown>;
    };
    const [original, rewritten] = [await bundle('original', []), await bundle('rewritten', [sdkSchemasTreeShaken])];
    const shape = (v: unknown) => JSON.stringify(v, (_k, x: unknown) => (typeof x === 'function' ? '<thunk>' : x));
    expect(Object.keys(rewritten).sort()).toEqual(Object.keys(original).sort());
    expect(Object.keys(original).length).toBeGreaterThan(20);
    for (const name of Object.keys(original)) expect(shape(rewritten[name]), name).toBe(shape(original[name]));
  });
});

describe('the stand-ins for built-ins whose import alone costs a cold start', () => {
  it('answers instanceof as Node’s web ReadableStream does', () => {
    expect(new globalThis.ReadableStream() instanceof ReadableStreamStandIn).toBe(true);
    expect({} instanceof ReadableStreamStandIn).toBe(false);
    expect(Readable.from(['a']) instanceof ReadableStreamStandIn).toBe(false);
  });

  it('names the global process and its own env and versions', () => {
    expect(processStandIn).toBe(process);
    expect(env).toBe(process.env);
    expect(versions).toBe(process.versions);
  });
});

describe("Stripe's client with only our resources", () => {
  const client = readFileSync(join(process.cwd(), 'node_modules/stripe/esm/stripe.esm.node.js'), 'utf8');

  it('builds only the resources named, and no longer names them all', () => {
    const out = withOnlyResources(client, STRIPE_RESOURCES);
    const built = [...out.matchAll(/^\s*this\.(\w+) = new \w+\(this\);$/gm)].map((m) => m[1]);
    expect(built).toEqual(expect.arrayContaining([...STRIPE_RESOURCES, 'oauth']));
    expect(built).not.toContain('customers');
    expect(out).not.toContain("import * as resources from './resources.js';");
    expect(out.length).toBeLessThan(client.length);
  });

  it('refuses to build from a client shaped otherwise, or without a resource named', () => {
    expect(() =>
      withOnlyResources(client.replaceAll('StripeInitInstanceVariables', 'Renamed'), STRIPE_RESOURCES),
    ).toThrow(/not shaped as/);
    expect(() => withOnlyResources(client, ['paymentIntents', 'noSuchResource'])).toThrow(/noSuchResource/);
  });

  // The bundled client has no other resource: code that called one would fail only in AWS.
  it('is imported by the Stripe adapter alone, which calls no resource but these', () => {
    const files = (d: string): string[] =>
      readdirSync(d, { withFileTypes: true }).flatMap((e) =>
        e.isDirectory() ? files(join(d, e.name)) : e.name.endsWith('.ts') ? [join(d, e.name)] : [],
      );
    const importers = ['shared', 'functions', 'lambdas']
      .flatMap((d) => files(join(process.cwd(), d)))
      .filter((f) => /from 'stripe'/.test(readFileSync(f, 'utf8')));
    expect(importers.map((f) => f.slice(process.cwd().length + 1))).toEqual(['shared/adapters/stripe-payments.ts']);
    const adapter = readFileSync(importers[0] as string, 'utf8');
    const called = new Set([...adapter.matchAll(/\bstripe\.(\w+)\./g)].map((m) => m[1]));
    expect([...called].sort()).toEqual([...STRIPE_RESOURCES].sort());
  });
});
