import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Readable } from 'node:stream';
import { build } from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';
import { literalSchemaKeys, sdkSchemasTreeShaken } from '../../infra/aws/bundle/sdk-schemas.js';
import { ReadableStream as ReadableStreamStandIn } from '../../infra/aws/bundle/readable-stream-global.js';
import processStandIn, { env, versions } from '../../infra/aws/bundle/process-global.js';

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
