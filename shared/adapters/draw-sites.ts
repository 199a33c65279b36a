import { sortedSeedSites } from './location-index.js';
import { findSite, searchLocations } from '../domain/locations.js';
import type { DrawSiteRef } from '../domain/order.js';

// The draw-site directory, in its own module so that only the handlers that need the site data
// (locations search, order creation) bundle it.
let directory: {
  find(id: string): DrawSiteRef | null;
  search: (q: { lat: number; lng: number; radiusMiles: number; limit: number }) => ReturnType<typeof searchLocations>;
} | null = null;

/** The directory; the site index is decoded when a site is first looked up, not when a handler is built. */
export function drawSites() {
  if (directory) return directory;
  let index: ReturnType<typeof sortedSeedSites> | null = null;
  const sites = () => (index ??= sortedSeedSites());
  directory = {
    find: (id: string): DrawSiteRef | null => {
      const site = findSite(sites(), id);
      return site
        ? {
            id: site.id,
            name: site.name,
            address: { ...site.address, line2: site.address.line2 ?? null },
            phone: site.phone,
          }
        : null;
    },
    search: (q) => searchLocations(sites(), q),
  };
  return directory;
}
