import type { Catalog } from '../domain/catalog.js';

export interface CatalogStore {
  /** The live catalogue. Implementations cache it in memory, so warm calls read nothing. */
  get(): Promise<Catalog>;
  /** Writes the seed catalogue unless the same version is already stored. Idempotent. */
  seed(catalog: Catalog): Promise<{ written: boolean }>;
}
