import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { bundleLambda } from '../../infra/aws/bundling.js';
import { sortedSeedSites, zipCentroid } from '../../shared/adapters/location-index.js';

const REPO_ROOT = join(import.meta.dirname, '..', '..');
const scratch = mkdtempSync(join(tmpdir(), 'data-files-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

// The location indexes are data files beside a bundle, read on first use (infra/aws/bundling.ts):
// each function's asset must carry exactly the files its code reads, and read them from there.
describe('the data files of a Lambda bundle', () => {
  it('travel with the functions that read them, and only those', async () => {
    const files = async (entry: string) => {
      const dir = join(scratch, entry.replace(/\W/g, '_'));
      const { dataFiles } = await bundleLambda(join(REPO_ROOT, entry), dir);
      const names = readdirSync(dir).filter((f) => f.endsWith('.json'));
      expect(dataFiles.map((f) => f.name).sort()).toEqual(names.sort());
      return names.sort();
    };
    expect(await files('lambdas/partner/orders-create.ts')).toEqual(['site-index.json']);
    expect(await files('lambdas/partner/locations.ts')).toEqual(['site-index.json', 'zip-index.json']);
    expect(await files('lambdas/public/quote.ts')).toEqual([]);
  }, 120_000);

  it('are read from beside the bundle, with the same answers as in process', async () => {
    // A bundle outside the repository, so the repository's data/ cannot be what it reads.
    const entry = join(scratch, 'entry.ts');
    const out = join(scratch, 'reader-bundle');
    writeFileSync(
      entry,
      [
        `import { sortedSeedSites, zipCentroid } from ${JSON.stringify(join(REPO_ROOT, 'shared/adapters/location-index.ts'))};`,
        'export const handler = () => ({ zip: zipCentroid("10001"), ids: sortedSeedSites().ids.slice(0, 3), count: sortedSeedSites().ids.length });',
      ].join('\n'),
    );
    await bundleLambda(entry, out);
    expect(
      readdirSync(out)
        .filter((f) => f.endsWith('.json'))
        .sort(),
    ).toEqual(['site-index.json', 'zip-index.json']);
    const bundled = (await import(pathToFileURL(join(out, 'index.mjs')).href)) as {
      handler: () => { zip: unknown; ids: string[]; count: number };
    };
    const sites = sortedSeedSites();
    expect(bundled.handler()).toEqual({
      zip: zipCentroid('10001'),
      ids: sites.ids.slice(0, 3),
      count: sites.ids.length,
    });
    expect(zipCentroid('10001')).not.toBeNull();
  }, 120_000);

  it('bundled as JSON text (data/*.json imported by code) are the same values', async () => {
    const entry = join(scratch, 'json-entry.ts');
    const out = join(scratch, 'json-bundle');
    const files = ['catalog.json', 'catalog-digest.json', 'openapi/partner.json'];
    writeFileSync(
      entry,
      [
        ...files.map(
          (f, i) => `import d${i} from ${JSON.stringify(join(REPO_ROOT, 'data', f))} with { type: 'json' };`,
        ),
        `export const handler = () => [${files.map((_, i) => `d${i}`).join(', ')}];`,
      ].join('\n'),
    );
    await bundleLambda(entry, out);
    const text = readFileSync(join(out, 'index.mjs'), 'utf8');
    expect(text).toMatch(/JSON\.parse\([`'"]\{/); // text, not an object literal
    const bundled = (await import(pathToFileURL(join(out, 'index.mjs')).href)) as { handler: () => unknown[] };
    expect(bundled.handler()).toEqual(
      files.map((f) => JSON.parse(readFileSync(join(REPO_ROOT, 'data', f), 'utf8')) as unknown),
    );
  }, 120_000);
});
