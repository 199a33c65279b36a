// Draw sites (patient service centres) and a nearest-first search over a spatial grid, so a
// search visits only the cells its circle touches, not every site.

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

const CELL_DEGREES = 0.5;
const EARTH_RADIUS_MILES = 3958.8;
const MILES_PER_DEGREE_LAT = 69.0;

export interface LocationIndex {
  cells: Map<string, DrawSite[]>;
  byId: Map<string, DrawSite>;
  size: number;
}

const cellOf = (lat: number, lng: number) => `${Math.floor(lat / CELL_DEGREES)}:${Math.floor(lng / CELL_DEGREES)}`;

export function buildLocationIndex(sites: readonly DrawSite[]): LocationIndex {
  const cells = new Map<string, DrawSite[]>();
  const byId = new Map<string, DrawSite>();
  for (const s of sites) {
    const key = cellOf(s.lat, s.lng);
    (cells.get(key) ?? cells.set(key, []).get(key))?.push(s);
    byId.set(s.id, s);
  }
  return { cells, byId, size: sites.length };
}

export function haversineMiles(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const rad = Math.PI / 180;
  const dLat = (lat2 - lat1) * rad;
  const dLng = (lng2 - lng1) * rad;
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(a)));
}

export interface SearchStats {
  cellsVisited: number;
}

/** Sites within `radiusMiles` of a point, nearest first (ties by id), at most `limit`. */
export function searchLocations(
  index: LocationIndex,
  q: { lat: number; lng: number; radiusMiles: number; limit: number },
  stats?: SearchStats,
): DrawSiteMatch[] {
  const dLat = q.radiusMiles / MILES_PER_DEGREE_LAT;
  // Longitude degrees shrink with latitude; use the widest latitude the circle reaches.
  const widestLat = Math.min(89.9, Math.abs(q.lat) + dLat);
  const dLng = Math.min(180, q.radiusMiles / (MILES_PER_DEGREE_LAT * Math.cos((widestLat * Math.PI) / 180)));
  const minRow = Math.floor(Math.max(-90, q.lat - dLat) / CELL_DEGREES);
  const maxRow = Math.floor(Math.min(90, q.lat + dLat) / CELL_DEGREES);
  const minCol = Math.floor((q.lng - dLng) / CELL_DEGREES);
  const maxCol = Math.floor((q.lng + dLng) / CELL_DEGREES);
  const found: DrawSiteMatch[] = [];
  for (let row = minRow; row <= maxRow; row++) {
    for (let col = minCol; col <= maxCol; col++) {
      const columns = 360 / CELL_DEGREES;
      const wrappedCol = ((((col + columns / 2) % columns) + columns) % columns) - columns / 2;
      const cell = index.cells.get(`${row}:${wrappedCol}`);
      if (stats) stats.cellsVisited++;
      if (!cell) continue;
      for (const site of cell) {
        const d = haversineMiles(q.lat, q.lng, site.lat, site.lng);
        if (d <= q.radiusMiles) found.push({ ...site, distanceMiles: Math.round(d * 10) / 10 });
      }
    }
  }
  return found.sort((a, b) => a.distanceMiles - b.distanceMiles || (a.id < b.id ? -1 : 1)).slice(0, q.limit);
}

export function findSite(index: LocationIndex, id: string): DrawSite | undefined {
  return index.byId.get(id);
}
