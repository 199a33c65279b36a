import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { bundleSizes } from '../../tools/bundle-report.js';

const dir = mkdtempSync(join(tmpdir(), 'bundles-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('Lambda bundles', () => {
  it('every function bundle stays within its budget, and each loads and exports its handler', async () => {
    const sizes = await bundleSizes(dir);
    expect(sizes.length).toBeGreaterThan(30);
    const over = sizes.filter((s) => s.bytes > s.budget).map((s) => `${s.entry}: ${s.bytes} > ${s.budget}`);
    expect(over).toEqual([]);
    // Tree shaking drops what esbuild believes unused ("sideEffects": false): loading each bundle
    // in a fresh process proves nothing a handler needs at load time was dropped.
    const files = sizes.map((s) => s.file as string);
    // Every chunk a handler may load lazily loads too: nothing it needs was left out of its asset.
    const chunks = files.flatMap((f) =>
      readdirSync(dirname(f))
        .filter((c) => c.startsWith('chunk-'))
        .map((c) => join(dirname(f), c)),
    );
    expect(chunks.length).toBeGreaterThan(files.length);
    // A lazy import the split build left out is one the function never reaches: the code that made
    // it was dropped too, so every relative import() that remains names one of the function's chunks.
    const strays = [...files, ...chunks].flatMap((f) =>
      [...readFileSync(f, 'utf8').matchAll(/import\(\s*["'`](\.{1,2}\/[^"'`]*)["'`]/g)]
        .map((m) => m[1] as string)
        .filter((path) => !/^\.\/chunk-[\w-]+\.mjs$/.test(path))
        .map((path) => `${f}: ${path}`),
    );
    expect(strays).toEqual([]);
    // What a cold start loads (the entry and the chunks it imports statically) imports no zlib:
    // the SDK's CRC32 asks for it on first use (infra/aws/bundle/crc32-node.ts); PDFs, in their chunk.
    const atStart = (entry: string) => {
      const seen = new Set([entry]);
      for (const f of seen)
        for (const m of readFileSync(f, 'utf8').matchAll(/from\s*["'](\.\/chunk-[\w-]+\.mjs)["']/g))
          seen.add(join(dirname(f), m[1] as string));
      return [...seen];
    };
    const zlibAtStart = files.filter((f) =>
      atStart(f).some((c) => /from\s*["']node:zlib["']|import\s*["']node:zlib["']/.test(readFileSync(c, 'utf8'))),
    );
    expect(zlibAtStart).toEqual([]);
    // Nor `node:process`, whose module facade opens stdin, nor the web streams middy imports for
    // streamed responses (infra/aws/bundle/process-global.ts and readable-stream-global.ts).
    const costlyAtStart = files.filter((f) =>
      atStart(f).some((c) => /from\s*["'](node:)?(process|stream\/web)["']/.test(readFileSync(c, 'utf8'))),
    );
    expect(costlyAtStart).toEqual([]);
    const script = `for (const f of ${JSON.stringify(files)}) { const m = await import(f); if (typeof m.handler !== 'function') throw new Error(f + ' has no handler'); } for (const c of ${JSON.stringify(chunks)}) await import(c); console.log('loaded', ${files.length});`;
    const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
      env: { ...process.env, AWS_REGION: 'us-east-1' },
      encoding: 'utf8',
    });
    expect(out.trim()).toBe(`loaded ${files.length}`);
  }, 180_000);
});
