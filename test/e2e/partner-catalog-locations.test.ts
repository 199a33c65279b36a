import { beforeAll, describe, expect, it } from 'vitest';
import { api, newPartner, type TestPartner } from '../support/partner.js';

let partner: TestPartner;
beforeAll(async () => {
  partner = await newPartner({ fees: { labCollectionCents: 1250, physicianOrderCents: 900 } });
});

describe('GET /api/v1/catalog', () => {
  it('returns the partner fees, restricted states, tests and panels without biomarkers, privately cacheable', async () => {
    const res = await api(partner, 'GET', '/catalog');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, max-age=300');
    expect(res.body.fees).toMatchObject({ labCollectionCents: 1250, physicianOrderCents: 900 });
    expect(res.body.restrictedStates).toEqual(['NY', 'NJ', 'RI', 'HI']);
    expect(res.body.tests.length).toBeGreaterThanOrEqual(80);
    const testIds = new Set(res.body.tests.map((t: { id: string }) => t.id));
    for (const p of res.body.panels) {
      expect(p).not.toHaveProperty('biomarkers');
      for (const id of p.testIds) expect(testIds.has(id)).toBe(true);
    }
    expect(res.body.tests[0].biomarkers.length).toBeGreaterThan(0);
  });
});

describe('GET /api/v1/locations', () => {
  it('finds draw sites near a ZIP, nearest first, with distanceMiles', async () => {
    const res = await api(partner, 'GET', '/locations?zip=10001&radiusMiles=25&limit=10');
    expect(res.status).toBe(200);
    expect(res.body.data.length).toBeGreaterThan(0);
    expect(res.body.data.length).toBeLessThanOrEqual(10);
    const d = res.body.data.map((l: { distanceMiles: number }) => l.distanceMiles);
    expect([...d].sort((x: number, y: number) => x - y)).toEqual(d);
    expect(d.every((x: number) => x <= 25)).toBe(true);
    expect(res.body.data[0]).toMatchObject({
      id: expect.any(String),
      name: expect.any(String),
      address: expect.any(Object),
      phone: expect.any(String),
    });
  });

  it('accepts lat/lng, and a zip takes precedence over them', async () => {
    const byLatLng = await api(partner, 'GET', '/locations?lat=41.8781&lng=-87.6298&limit=5');
    expect(byLatLng.status).toBe(200);
    expect(byLatLng.body.data.length).toBe(5);
    const both = await api(partner, 'GET', '/locations?zip=10001&lat=41.8781&lng=-87.6298&limit=1');
    const zipOnly = await api(partner, 'GET', '/locations?zip=10001&limit=1');
    expect(both.body.data[0].id).toBe(zipOnly.body.data[0].id);
    // Ignored means ignored: even coordinates that would be refused on their own.
    const badCoordinates = await api(partner, 'GET', '/locations?zip=10001&lat=999&lng=abc&limit=1');
    expect(badCoordinates.status).toBe(200);
    expect(badCoordinates.body.data[0].id).toBe(zipOnly.body.data[0].id);
  });

  it.each([
    ['', 'zip'],
    ['?lat=40', 'lng'],
    ['?zip=1234', 'zip'],
    ['?zip=10001&radiusMiles=251', 'radiusMiles'],
    ['?zip=10001&limit=0', 'limit'],
    ['?zip=10001&limit=201', 'limit'],
    ['?lat=abc&lng=1', 'lat'],
    ['?zip=10001&bogus=1', 'bogus'],
  ])('%s -> 400 validation_error naming %s', async (qs, field) => {
    const res = await api(partner, 'GET', `/locations${qs}`);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('validation_error');
    expect(Object.keys(res.body.error.details.fields)).toContain(field);
  });
});
