import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Metafile } from 'esbuild';
import { bundleLambda, LAMBDA_ENTRY_FILE } from '../../infra/aws/bundling.js';

const REPO = join(import.meta.dirname, '..', '..');

/**
 * One of our modules (a path from the repository's root) bundled exactly as a Lambda's code is
 * (infra/aws/bundling.ts), in a directory of its own under the system's temporary one, and
 * imported: for proving that what the bundler rewrites still does its work. The caller removes `dir`.
 */
export async function bundledModule<T>(path: string): Promise<{ module: T; metafile: Metafile; dir: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'bundled-module-'));
  const entry = join(dir, 'entry.ts');
  writeFileSync(entry, `export * from ${JSON.stringify(join(REPO, path))};`);
  const { metafile } = await bundleLambda(entry, join(dir, 'out'));
  const module = (await import(pathToFileURL(join(dir, 'out', LAMBDA_ENTRY_FILE)).href)) as T;
  return { module, metafile, dir };
}

/** The bytes the bundle carries of the inputs whose path contains `part`. */
export function bytesOf(metafile: Metafile, part: string): number {
  return Object.values(metafile.outputs)
    .flatMap((o) => Object.entries(o.inputs))
    .filter(([path]) => path.includes(part))
    .reduce((sum, [, input]) => sum + input.bytesInOutput, 0);
}
