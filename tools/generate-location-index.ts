// Generates data/zip-index.json and data/site-index.json: the ZIP centroids and the draw sites in
// the compact, pre-indexed form the Lambdas load (sorted arrays looked up by bisection), so no
// function parses the zipcodes package's 42,000-entry table or 5,000 site objects at start.
// Run: npm run generate:location-index (generate:locations runs it too; rerun after a zipcodes upgrade).
import { readFileSync, writeFileSync } from 'node:fs';
import zipcodes from 'zipcodes';
import { sortSites, type DrawSite } from '../shared/domain/locations.js';
import { FIXED_POINT, type SiteIndexFile, type SiteRow, type ZipIndexFile } from '../shared/adapters/location-index.js';

const GENERATED_BY = 'tools/generate-location-index.ts: do not edit';
const int32 = (values: number[]) => Buffer.from(new Int32Array(values).buffer).toString('base64');
const fixed = (degrees: number) => Math.round(degrees * FIXED_POINT);

export function buildZipIndexFile(): ZipIndexFile {
  const us = Object.values(zipcodes.codes)
    .filter((z) => z.country === 'US' && /^\d{5}$/.test(String(z.zip)))
    .sort((a, b) => Number(a.zip) - Number(b.zip));
  return {
    generatedBy: GENERATED_BY,
    zips: int32(us.map((z) => Number(z.zip))),
    lats: int32(us.map((z) => fixed(z.latitude))),
    lngs: int32(us.map((z) => fixed(z.longitude))),
  };
}

export function buildSiteIndexFile(all: readonly DrawSite[]): SiteIndexFile {
  const { sites, byId } = sortSites(all);
  const lists = { hours: [] as string[], services: [] as string[], timezones: [] as string[] };
  const position = (list: string[], value: unknown) => {
    const key = JSON.stringify(value);
    return list.includes(key) ? list.indexOf(key) : list.push(key) - 1;
  };
  const rows = sites.map((s): SiteRow => [
    s.name,
    s.address.line1,
    s.address.line2 ?? null,
    s.address.city,
    s.address.state,
    s.address.zip,
    s.phone,
    position(lists.hours, s.hours),
    position(lists.services, s.services),
    s.appointmentRequired ? 1 : 0,
    position(lists.timezones, s.timezone),
  ]);
  const parse = <T>(list: string[]) => list.map((v) => JSON.parse(v) as T);
  return {
    generatedBy: GENERATED_BY,
    lats: int32(sites.map((s) => fixed(s.lat))),
    lngs: int32(sites.map((s) => fixed(s.lng))),
    ids: sites.map((s) => s.id).join(','),
    byId: int32(byId),
    rows: rows.map((r) => JSON.stringify(r)),
    hours: parse(lists.hours),
    services: parse(lists.services),
    timezones: parse(lists.timezones),
  };
}

export const ZIP_INDEX_FILE = new URL('../data/zip-index.json', import.meta.url);
export const SITE_INDEX_FILE = new URL('../data/site-index.json', import.meta.url);
export const readSeedSites = () =>
  JSON.parse(readFileSync(new URL('../data/locations.json', import.meta.url), 'utf8')) as DrawSite[];
// One row a line: diffs stay readable when the data set changes.
export const serialise = (file: object) =>
  `{\n${Object.entries(file)
    .map(([k, v]) =>
      Array.isArray(v) && k === 'rows'
        ? `${JSON.stringify(k)}: [\n${v.map((r: string) => JSON.stringify(r)).join(',\n')}\n]`
        : `${JSON.stringify(k)}: ${JSON.stringify(v)}`,
    )
    .join(',\n')}\n}\n`;

if (process.argv[1]?.endsWith('generate-location-index.ts')) {
  const sites = readSeedSites();
  writeFileSync(ZIP_INDEX_FILE, serialise(buildZipIndexFile()));
  writeFileSync(SITE_INDEX_FILE, serialise(buildSiteIndexFile(sites)));
  console.log(`wrote data/zip-index.json and data/site-index.json (${sites.length} sites)`);
}
