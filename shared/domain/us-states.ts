// The 50 states and DC: the only state codes the public and partner APIs accept.
export const US_STATE_CODES = [
  'AL',
  'AK',
  'AZ',
  'AR',
  'CA',
  'CO',
  'CT',
  'DE',
  'DC',
  'FL',
  'GA',
  'HI',
  'ID',
  'IL',
  'IN',
  'IA',
  'KS',
  'KY',
  'LA',
  'ME',
  'MD',
  'MA',
  'MI',
  'MN',
  'MS',
  'MO',
  'MT',
  'NE',
  'NV',
  'NH',
  'NJ',
  'NM',
  'NY',
  'NC',
  'ND',
  'OH',
  'OK',
  'OR',
  'PA',
  'RI',
  'SC',
  'SD',
  'TN',
  'TX',
  'UT',
  'VT',
  'VA',
  'WA',
  'WV',
  'WI',
  'WY',
] as const;

export type UsStateCode = (typeof US_STATE_CODES)[number];

const codes: ReadonlySet<string> = new Set(US_STATE_CODES);

/** Accepts any letter case; returns the upper-case code, or null when it is not a US state or DC. */
export function normalizeStateCode(input: string): UsStateCode | null {
  const upper = input.trim().toUpperCase();
  return codes.has(upper) ? (upper as UsStateCode) : null;
}
