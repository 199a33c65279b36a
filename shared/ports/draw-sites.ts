import type { DrawSiteMatch } from '../domain/locations.js';
import type { DrawSiteRef } from '../domain/order.js';

/** The draw-site directory: a site by id (order creation), and the nearest sites to a point. */
export interface DrawSiteDirectory {
  find(id: string): DrawSiteRef | null;
  search(q: { lat: number; lng: number; radiusMiles: number; limit: number }): DrawSiteMatch[];
}

/** A US ZIP code's centroid, or null when the code is unknown. */
export type ZipGeocoder = (zip: string) => { lat: number; lng: number } | null;
