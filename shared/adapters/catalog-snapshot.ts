import catalogJson from '../../data/catalog.json' with { type: 'json' };
import digestJson from '../../data/catalog-digest.json' with { type: 'json' };
import type { Catalog } from '../domain/catalog.js';

/**
 * The seed catalogue as bundled, with its digest computed at build (npm run generate:catalog-digest),
 * without parsing it again: it is validated where it is seeded (`parseCatalogSeed`, which leaves a
 * valid seed unchanged), and the catalogue store serves it only when the table's meta item carries
 * its version and digest, that is, when it is what was seeded.
 */
export const bundledCatalog = (): { catalog: Catalog; digest: string } => ({
  catalog: catalogJson as Catalog,
  digest: digestJson.digest,
});
