import { readDataFile } from './data-file.js';
import { lowerBound, type DrawSite, type SortedSites } from '../domain/locations.js';

// Two files, so order creation (which looks sites up by id) does not carry the ZIP table.

/** Coordinates are stored as integers in millionths of a degree (the sources carry at most 5 decimals). */
export const FIXED_POINT = 1e6;

/** data/zip-index.json: Int32 arrays in base64 (little-endian), US ZIPs ascending and their centroids. */
export interface ZipIndexFile {
  generatedBy: string;
  zips: string;
  lats: string;
  lngs: string;
}

/** A site's fields but its id and coordinates; hours, services and time zone as positions in the shared lists. */
export type SiteRow = [
  name: string,
  line1: string,
  line2: string | null,
  city: string,
  state: string,
  zip: string,
  phone: string,
  hours: number,
  services: number,
  appointmentRequired: 0 | 1,
  timezone: number,
];

/** data/site-index.json: the sites by ascending latitude (ties by id). */
export interface SiteIndexFile {
  generatedBy: string;
  lats: string;
  lngs: string;
  /** Comma-separated, in the same order. */
  ids: string;
  /** Positions in id order, for bisection by id. */
  byId: string;
  /**
   * Each site's SiteRow as JSON text, decoded only when that site is read: 5,000 strings cost a
   * cold start almost nothing to load, where 5,000 arrays of literals cost about 10 ms to compile.
   */
  rows: string[];
  hours: DrawSite['hours'][];
  services: DrawSite['services'][];
  timezones: string[];
}

const int32 = (base64: string) => new Int32Array(new Uint8Array(Buffer.from(base64, 'base64')).buffer);
const degrees = (base64: string) => Float64Array.from(int32(base64), (v) => v / FIXED_POINT);

let zips: { zips: Int32Array; lats: Int32Array; lngs: Int32Array } | null = null;

/** A 5-digit ZIP's centroid, by bisection over the sorted ZIPs; null for a ZIP that is not in the data. */
export function zipCentroid(zip: string): { lat: number; lng: number } | null {
  if (!zips) {
    const file = readDataFile('zip-index.json') as ZipIndexFile;
    zips = { zips: int32(file.zips), lats: int32(file.lats), lngs: int32(file.lngs) };
  }
  const wanted = Number(zip);
  const at = lowerBound(zips.zips, wanted);
  if (zips.zips[at] !== wanted) return null;
  return { lat: (zips.lats[at] as number) / FIXED_POINT, lng: (zips.lngs[at] as number) / FIXED_POINT };
}

let sites: SortedSites | null = null;

/** The draw sites, decoded once per container; a site's record is assembled only when it is read. */
export function sortedSeedSites(): SortedSites {
  if (sites) return sites;
  const file = readDataFile('site-index.json') as SiteIndexFile;
  const lats = degrees(file.lats);
  const lngs = degrees(file.lngs);
  const ids = file.ids.split(',');
  sites = {
    lats,
    lngs,
    ids,
    byId: int32(file.byId),
    site: (i) => {
      const [name, line1, line2, city, state, zip, phone, hours, services, appointment, timezone] = JSON.parse(
        file.rows[i] as string,
      ) as SiteRow;
      return {
        id: ids[i] as string,
        name,
        address: { line1, line2, city, state, zip },
        phone,
        hours: structuredClone(file.hours[hours] as DrawSite['hours']),
        lat: lats[i] as number,
        lng: lngs[i] as number,
        services: [...(file.services[services] as string[])],
        appointmentRequired: appointment === 1,
        timezone: file.timezones[timezone] as string,
      };
    },
  };
  return sites;
}
