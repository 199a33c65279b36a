import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import zipcodes from 'zipcodes';
import {
  buildSiteIndexFile,
  buildZipIndexFile,
  serialise,
  SITE_INDEX_FILE,
  ZIP_INDEX_FILE,
} from '../../tools/generate-location-index.js';
import { sortedSeedSites, zipCentroid } from '../../shared/adapters/location-index.js';
import { geocodeZip } from '../../shared/adapters/zip-geocoder.js';
import { findSite, haversineMiles, searchLocations, type DrawSite } from '../../shared/domain/locations.js';

const sites = JSON.parse(readFileSync(new URL('../../data/locations.json', import.meta.url), 'utf8')) as DrawSite[];

/** The search as its definition says it, over every site: the reference the bisection must equal. */
function bruteForce(q: { lat: number; lng: number; radiusMiles: number; limit: number }) {
  return sites
    .map((s) => ({ ...s, distanceMiles: Math.round(haversineMiles(q.lat, q.lng, s.lat, s.lng) * 10) / 10 }))
    .filter((s) => haversineMiles(q.lat, q.lng, s.lat, s.lng) <= q.radiusMiles)
    .sort((a, b) => a.distanceMiles - b.distanceMiles || (a.id < b.id ? -1 : 1))
    .slice(0, q.limit);
}

describe('the pre-indexed location data', () => {
  it('is current: regenerating it from data/locations.json and the zipcodes package gives the committed files', () => {
    expect(readFileSync(ZIP_INDEX_FILE, 'utf8')).toBe(serialise(buildZipIndexFile()));
    expect(readFileSync(SITE_INDEX_FILE, 'utf8')).toBe(serialise(buildSiteIndexFile(sites)));
  });

  it('gives every US ZIP the zipcodes centroid, and no centroid to an unknown or non-US code', () => {
    const us = Object.values(zipcodes.codes).filter((z) => z.country === 'US' && /^\d{5}$/.test(String(z.zip)));
    expect(us.length).toBeGreaterThan(40_000);
    for (const z of us) expect(zipCentroid(String(z.zip))).toEqual({ lat: z.latitude, lng: z.longitude });
    expect(zipCentroid('00000')).toBeNull();
    expect(geocodeZip('78701-1234')).toEqual({
      lat: zipcodes.lookup('78701')?.latitude,
      lng: zipcodes.lookup('78701')?.longitude,
    });
    expect(geocodeZip('7870')).toBeNull();
  });

  it('finds every site by id, each record whole', () => {
    const index = sortedSeedSites();
    for (const s of sites) expect(findSite(index, s.id)).toEqual(s);
    expect(findSite(index, 'loc_nope')).toBeUndefined();
  });

  it('searches by bisection exactly as a scan of every site would, reading only the latitude band', () => {
    const index = sortedSeedSites();
    const points = [
      { lat: 30.2672, lng: -97.7431 },
      { lat: 40.7484, lng: -73.9967 },
      { lat: 61.2181, lng: -149.9003 },
      { lat: 21.3069, lng: -157.8583 },
      { lat: 0, lng: 0 },
      ...sites.filter((_, i) => i % 250 === 0).map((s) => ({ lat: s.lat, lng: s.lng })),
    ];
    for (const p of points)
      for (const radiusMiles of [1, 25, 50, 250]) {
        const q = { ...p, radiusMiles, limit: 50 };
        const stats = { sitesRead: 0 };
        expect(searchLocations(index, q, stats)).toEqual(bruteForce(q));
        if (radiusMiles <= 50) expect(stats.sitesRead).toBeLessThan(sites.length / 4);
      }
  });
});
