// Draw sites (patient service centres) and a nearest-first search over sites sorted by latitude:
// two bisections find the band the circle spans, so a search reads only the sites in that band.

export interface DrawSite {
  id: string;
  name: string;
  address: { line1: string; line2: string | null; city: string; state: string; zip: string };
  phone: string;
  hours: Array<{ days: string; open: string; close: string }>;
  lat: number;
  lng: number;
  services: string[];
  appointmentRequired: boolean;
  timezone: string;
}

export type DrawSiteMatch = DrawSite & { distanceMiles: number };

const EARTH_RADIUS_MILES = 3958.8;
const MILES_PER_DEGREE_LAT = 69.0;

/**
 * The sites in ascending latitude (ties by id), as the build stores them: coordinates and ids as
 * arrays, each whole record read only when it is a result. `byId` lists positions in id order.
 */
export interface SortedSites {
  lats: ArrayLike<number>;
  lngs: ArrayLike<number>;
  ids: readonly string[];
  byId: ArrayLike<number>;
  site(position: number): DrawSite;
}

const byLatThenId = (a: DrawSite, b: DrawSite) => a.lat - b.lat || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** The order the sorted index keeps: by latitude, then id; and the id order over it. */
export function sortSites(sites: readonly DrawSite[]): { sites: DrawSite[]; byId: number[] } {
  const sorted = [...sites].sort(byLatThenId);
  const byId = sorted.map((_, i) => i).sort((a, b) => ((sorted[a]?.id ?? '') < (sorted[b]?.id ?? '') ? -1 : 1));
  return { sites: sorted, byId };
}

/** An in-memory SortedSites over records (tests, and the generator's own check). */
export function sortedSites(sites: readonly DrawSite[]): SortedSites {
  const sorted = sortSites(sites);
  return {
    lats: sorted.sites.map((s) => s.lat),
    lngs: sorted.sites.map((s) => s.lng),
    ids: sorted.sites.map((s) => s.id),
    byId: sorted.byId,
    site: (i) => sorted.sites[i] as DrawSite,
  };
}

export function haversineMiles(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const rad = Math.PI / 180;
  const dLat = (lat2 - lat1) * rad;
  const dLng = (lng2 - lng1) * rad;
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(a)));
}

/** The first position whose value is not below `value` (values ascending). */
export function lowerBound(values: ArrayLike<number>, value: number): number {
  let lo = 0;
  let hi = values.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((values[mid] as number) < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export interface SearchStats {
  sitesRead: number;
}

/** Sites within `radiusMiles` of a point, nearest first (ties by id), at most `limit`. */
export function searchLocations(
  index: SortedSites,
  q: { lat: number; lng: number; radiusMiles: number; limit: number },
  stats?: SearchStats,
): DrawSiteMatch[] {
  const dLat = q.radiusMiles / MILES_PER_DEGREE_LAT;
  const first = lowerBound(index.lats, q.lat - dLat);
  const end = lowerBound(index.lats, q.lat + dLat + 1e-9);
  const found: Array<{ at: number; miles: number }> = [];
  for (let at = first; at < end; at++) {
    if (stats) stats.sitesRead++;
    const d = haversineMiles(q.lat, q.lng, index.lats[at] as number, index.lngs[at] as number);
    if (d <= q.radiusMiles) found.push({ at, miles: Math.round(d * 10) / 10 });
  }
  const id = (at: number) => index.ids[at] as string;
  return found
    .sort((a, b) => a.miles - b.miles || (id(a.at) < id(b.at) ? -1 : 1))
    .slice(0, q.limit)
    .map(({ at, miles }) => ({ ...index.site(at), distanceMiles: miles }));
}

/** A site by id: a bisection over the id order. */
export function findSite(index: SortedSites, id: string): DrawSite | undefined {
  let lo = 0;
  let hi = index.byId.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    const at = index.byId[mid] as number;
    const here = index.ids[at] as string;
    if (here === id) return index.site(at);
    if (here < id) lo = mid + 1;
    else hi = mid;
  }
  return undefined;
}
