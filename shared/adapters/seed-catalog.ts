import catalogJson from '../../data/catalog.json' with { type: 'json' };
import type { Catalog } from '../domain/catalog.js';
import { parseCatalogSeed } from './catalog-seed-schema.js';

/** The versioned seed catalogue, bundled into Lambdas by esbuild and validated on load. */
export function loadSeedCatalog(restrictedStates: readonly string[]): Catalog {
  return parseCatalogSeed(catalogJson, restrictedStates);
}
