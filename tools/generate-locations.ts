// Generates data/locations.json: a deterministic, realistic set of US patient service centres.
// Run: npx tsx tools/generate-locations.ts   (no network; seeded, so the output is stable)
import { writeFileSync } from 'node:fs';
import zipcodes, { type ZipInfo } from 'zipcodes';
import { createHash } from 'node:crypto';
import type { DrawSite } from '../shared/domain/locations.js';
import { US_STATE_CODES } from '../shared/domain/us-states.js';

let seed = 20261101;
const rand = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)] as T;

const STREETS = [
  'Main',
  'Oak',
  'Maple',
  'Cedar',
  'Park',
  'Washington',
  'Lake',
  'Hill',
  'Pine',
  'Elm',
  'Sunset',
  'Highland',
  'Center',
  'Church',
  'Market',
  'Franklin',
  'Lincoln',
  'Jefferson',
  'Madison',
  'Broad',
  'Spring',
  'River',
  'Valley',
  'Meadow',
  'Ridge',
  'Harbor',
  'College',
  'Medical Center',
  'Commerce',
  'Union',
];
const SUFFIXES = ['St', 'Ave', 'Blvd', 'Rd', 'Dr', 'Pkwy', 'Way', 'Ln'];
const BRANDS = [
  'Patient Service Center',
  'Lab Draw Site',
  'Blood Draw Center',
  'Diagnostics Center',
  'Specimen Collection Site',
];
const TZ: Record<string, string> = {
  AK: 'America/Anchorage',
  HI: 'Pacific/Honolulu',
  AZ: 'America/Phoenix',
  CA: 'America/Los_Angeles',
  NV: 'America/Los_Angeles',
  OR: 'America/Los_Angeles',
  WA: 'America/Los_Angeles',
  CO: 'America/Denver',
  ID: 'America/Boise',
  MT: 'America/Denver',
  NM: 'America/Denver',
  UT: 'America/Denver',
  WY: 'America/Denver',
  AL: 'America/Chicago',
  AR: 'America/Chicago',
  IA: 'America/Chicago',
  IL: 'America/Chicago',
  KS: 'America/Chicago',
  LA: 'America/Chicago',
  MN: 'America/Chicago',
  MO: 'America/Chicago',
  MS: 'America/Chicago',
  ND: 'America/Chicago',
  NE: 'America/Chicago',
  OK: 'America/Chicago',
  SD: 'America/Chicago',
  TN: 'America/Chicago',
  TX: 'America/Chicago',
  WI: 'America/Chicago',
};
const HOURS = [
  [
    { days: 'Mon-Fri', open: '07:00', close: '16:30' },
    { days: 'Sat', open: '08:00', close: '12:00' },
  ],
  [{ days: 'Mon-Fri', open: '06:30', close: '15:00' }],
  [
    { days: 'Mon-Fri', open: '08:00', close: '17:00' },
    { days: 'Sat', open: '07:30', close: '11:30' },
  ],
  [
    { days: 'Mon-Thu', open: '07:00', close: '18:00' },
    { days: 'Fri', open: '07:00', close: '14:00' },
  ],
];
const STATES: ReadonlySet<string> = new Set(US_STATE_CODES);

// Cities with many ZIP codes are the big ones: ZIP count is the population proxy.
const cities = new Map<string, ZipInfo[]>();
for (const z of Object.values(zipcodes.codes)) {
  if (z.country !== 'US' || !STATES.has(z.state) || !/^\d{5}$/.test(z.zip)) continue;
  const key = `${z.state}|${z.city}`;
  (cities.get(key) ?? cities.set(key, []).get(key))?.push(z);
}

const sites: DrawSite[] = [];
const usedIds = new Set<string>();
// One real area code of each state, so a site's number reads as local; the line is always in
// 555-0100..0199, the range reserved for fiction, so no generated number can ring a real person.
const AREA_CODE: Record<string, number> = {
  AL: 205,
  AK: 907,
  AZ: 602,
  AR: 501,
  CA: 213,
  CO: 303,
  CT: 203,
  DE: 302,
  DC: 202,
  FL: 305,
  GA: 404,
  HI: 808,
  ID: 208,
  IL: 312,
  IN: 317,
  IA: 515,
  KS: 316,
  KY: 502,
  LA: 504,
  ME: 207,
  MD: 410,
  MA: 617,
  MI: 313,
  MN: 612,
  MS: 601,
  MO: 314,
  MT: 406,
  NE: 402,
  NV: 702,
  NH: 603,
  NJ: 201,
  NM: 505,
  NY: 212,
  NC: 704,
  ND: 701,
  OH: 614,
  OK: 405,
  OR: 503,
  PA: 215,
  RI: 401,
  SC: 803,
  SD: 605,
  TN: 615,
  TX: 512,
  UT: 801,
  VT: 802,
  VA: 804,
  WA: 206,
  WV: 304,
  WI: 414,
  WY: 307,
};
for (const [key, zips] of [...cities].sort(([a], [b]) => (a < b ? -1 : 1))) {
  const [state, city] = key.split('|') as [string, string];
  const count =
    zips.length >= 4
      ? Math.min(30, Math.ceil(zips.length / 3))
      : zips.length >= 2 && rand() < 0.25
        ? 1
        : rand() < 0.025
          ? 1
          : 0;
  for (let i = 0; i < count; i++) {
    const z = pick(zips);
    const street = `${100 + Math.floor(rand() * 9800)} ${pick(STREETS)} ${pick(SUFFIXES)}`;
    let id = `loc_${createHash('sha256').update(`${z.zip}|${street}|${i}`).digest('hex').slice(0, 8)}`;
    while (usedIds.has(id)) id = `loc_${createHash('sha256').update(id).digest('hex').slice(0, 8)}`;
    usedIds.add(id);
    const ac = AREA_CODE[state] as number;
    sites.push({
      id,
      name: `${city} ${pick(BRANDS)}${count > 1 ? ` - ${street.split(' ').slice(1, 2).join(' ')}` : ''}`,
      address: {
        line1: street,
        line2: rand() < 0.4 ? `Suite ${100 + Math.floor(rand() * 400)}` : null,
        city,
        state,
        zip: z.zip,
      },
      // Two draws, as before this range was used, so every other generated field stays the same.
      phone: `+1${ac}555${String(100 + ((Math.floor(rand() * 700) + Math.floor(rand() * 9000)) % 100)).padStart(4, '0')}`,
      hours: pick(HOURS),
      lat: Math.round((z.latitude + (rand() - 0.5) * 0.02) * 1e5) / 1e5,
      lng: Math.round((z.longitude + (rand() - 0.5) * 0.02) * 1e5) / 1e5,
      services: rand() < 0.7 ? ['blood_draw', 'urine_collection'] : ['blood_draw'],
      appointmentRequired: rand() < 0.25,
      timezone: TZ[state] ?? 'America/New_York',
    });
  }
}
for (const state of STATES) if (!sites.some((s) => s.address.state === state)) throw new Error(`no site in ${state}`);
writeFileSync(
  new URL('../data/locations.json', import.meta.url),
  `[\n${sites.map((s) => JSON.stringify(s)).join(',\n')}\n]\n`,
);
console.log(`wrote ${sites.length} draw sites`);
