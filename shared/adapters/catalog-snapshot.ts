import catalogJson from '../../data/catalog.json' with { type: 'json' };
import type { Catalog } from '../domain/catalog.js';

/**
 * The seed catalogue as bundled, without parsing it again: it is validated where it is seeded
 * (`parseCatalogSeed`, which leaves a valid seed unchanged), and the catalogue store serves it only
 * when the table's meta item carries its version and digest, that is, when it is what was seeded.
 */
export const bundledCatalog = (): Catalog => catalogJson as Catalog;
