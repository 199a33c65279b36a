// Generates data/catalog-digest.json: the seed catalogue's digest, which functions bundle beside the
// catalogue so a cold start need not hash it (about 4 ms). Run it (npm run generate:catalog-digest)
// after changing data/catalog.json; a unit test fails when it is stale.
import { writeFileSync } from 'node:fs';
import catalogJson from '../data/catalog.json' with { type: 'json' };
import { catalogDigest } from '../shared/adapters/dynamodb/catalog-store.js';
import type { Catalog } from '../shared/domain/catalog.js';

export const DIGEST_FILE = new URL('../data/catalog-digest.json', import.meta.url);
export const digestText = () => `${JSON.stringify({ digest: catalogDigest(catalogJson as Catalog) }, null, 1)}\n`;

if (process.argv[1]?.endsWith('generate-catalog-digest.ts')) {
  writeFileSync(DIGEST_FILE, digestText());
  console.log('wrote data/catalog-digest.json');
}
