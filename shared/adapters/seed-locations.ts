import sites from '../../data/locations.json' with { type: 'json' };
import { buildLocationIndex, type DrawSite, type LocationIndex } from '../domain/locations.js';

let index: LocationIndex | null = null;

/** The seeded draw sites (bundled into the Lambda by esbuild), indexed once per container. */
export function loadSeedLocations(): LocationIndex {
  index ??= buildLocationIndex(sites as DrawSite[]);
  return index;
}
