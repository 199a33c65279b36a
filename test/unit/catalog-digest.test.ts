import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DIGEST_FILE, digestText } from '../../tools/generate-catalog-digest.js';
import { bundledCatalog } from '../../shared/adapters/catalog-snapshot.js';
import { catalogDigest } from '../../shared/adapters/dynamodb/catalog-store.js';
import { loadSeedCatalog } from '../../shared/adapters/seed-catalog.js';
import { SERVICE_CONFIG } from '../../shared/config/service-config.js';

describe('the bundled catalogue digest', () => {
  it('is current (npm run generate:catalog-digest rewrites it)', () => {
    expect(readFileSync(DIGEST_FILE, 'utf8')).toBe(digestText());
  });

  it('is the digest the seed writes: the parsed seed and the bundled file hash alike, whatever their keys’ order', () => {
    const seeded = loadSeedCatalog(SERVICE_CONFIG.restrictedStates);
    expect(JSON.stringify(seeded)).not.toBe(JSON.stringify(bundledCatalog().catalog)); // zod reorders keys
    expect(catalogDigest(seeded)).toBe(bundledCatalog().digest);
  });
});
