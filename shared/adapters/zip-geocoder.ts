import zipcodes from 'zipcodes';

/** ZIP (5 digits, or ZIP+4 with or without a hyphen) to its centroid, from the zipcodes data set. */
export function geocodeZip(zip: string): { lat: number; lng: number; city: string; state: string } | null {
  const five = /^(\d{5})(-?\d{4})?$/.exec(zip.trim())?.[1];
  if (!five) return null;
  const info = zipcodes.lookup(five);
  if (!info || info.country !== 'US') return null;
  return { lat: info.latitude, lng: info.longitude, city: info.city, state: info.state };
}
