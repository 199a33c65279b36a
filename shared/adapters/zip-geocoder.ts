import { zipCentroid } from './location-index.js';

/** ZIP (5 digits, or ZIP+4 with or without a hyphen) to its centroid, from the pre-indexed ZIP table. */
export function geocodeZip(zip: string): { lat: number; lng: number } | null {
  const five = /^(\d{5})(-?\d{4})?$/.exec(zip.trim())?.[1];
  return five ? zipCentroid(five) : null;
}
