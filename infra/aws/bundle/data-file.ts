import { readFileSync } from 'node:fs';

// Stands in for shared/adapters/data-file.ts in Lambda bundles (see ../bundling.ts, which copies
// each data file a bundle names into its directory): the file sits beside index.mjs and its chunks.

/** The JSON in the bundle's copy of data/<name>. */
export function readDataFile(name: string): unknown {
  return JSON.parse(readFileSync(new URL(`./${name}`, import.meta.url), 'utf8'));
}
