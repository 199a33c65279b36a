import * as z from 'zod';
import { US_STATE_CODES } from '../../domain/us-states.js';
import { validationError } from '../errors.js';
import { limitParam } from './parse.js';

// The partner API's request schemas: they validate requests and produce the OpenAPI document.
// The parsing helpers live in parse.ts, so a handler that needs only them builds none of these.
export { limitParam, parseJsonBody, parseOrThrow } from './parse.js';

/**
 * Text that reaches a lab requisition, a label or an operator's screen: control characters, bidi
 * overrides (which make a name display as something else) and unpaired surrogates (which no
 * store or document can hold exactly) are refused, never silently altered.
 */
const UNSAFE_TEXT = /[\p{Cc}\u200E\u200F\u061C\u202A-\u202E\u2066-\u2069]/u;
/** In a u-mode pattern a valid pair is one code point, so \p{Cs} matches only an unpaired surrogate. */
const wellFormed = (s: string) => !/\p{Cs}/u.test(s);
export const safeText = (s: string) => !UNSAFE_TEXT.test(s) && wellFormed(s);
const SAFE_TEXT_MESSAGE = 'must not contain control characters, bidi overrides or unpaired surrogates';

const trimmed = (max: number) =>
  z
    .string()
    .trim()
    .min(1, 'must not be empty')
    .max(max, `must be at most ${max} characters`)
    .refine(safeText, SAFE_TEXT_MESSAGE);

/** A 10-digit US number; common punctuation and a leading +1 are accepted and normalised away. */
export const usPhone = z
  .string()
  .transform((s) => s.replace(/[\s().-]/g, '').replace(/^\+?1(?=\d{10}$)/, ''))
  .refine((s) => /^[2-9]\d{2}[2-9]\d{6}$/.test(s), 'must be a 10-digit US phone number');

export const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date in YYYY-MM-DD form')
  .refine((s) => {
    const d = new Date(`${s}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s && s >= '1900-01-01';
  }, 'must be a real calendar date after 1900');

export const addressSchema = z
  .object({
    line1: trimmed(200),
    line2: z.string().trim().max(200).refine(safeText, SAFE_TEXT_MESSAGE).nullish(),
    city: trimmed(100),
    state: z
      .string()
      .transform((s) => s.trim().toUpperCase())
      .refine((s) => (US_STATE_CODES as readonly string[]).includes(s), 'must be a 2-letter US state code'),
    zip: z
      .string()
      .trim()
      .regex(/^\d{5}(-\d{4})?$/, 'must be a US ZIP code (12345 or 12345-6789)'),
  })
  .strict()
  .meta({ id: 'AddressInput' });

export const patientSchema = z
  .object({
    firstName: trimmed(100),
    lastName: trimmed(100),
    dateOfBirth: isoDate,
    sex: z.enum(['female', 'male'], {
      message: 'must be "female" or "male" (sex assigned at birth, used for reference ranges)',
    }),
    email: z
      .email('must be an email address')
      .max(254)
      .nullish()
      .transform((v) => v ?? null),
    phone: usPhone.nullish().transform((v) => v ?? null),
    address: addressSchema,
  })
  .strict()
  .meta({ id: 'PatientInput' });

export const guardianSchema = z
  .object({
    firstName: trimmed(100),
    lastName: trimmed(100),
    email: z.email('must be an email address').max(254),
    relationship: z.enum(['parent', 'legal_guardian', 'other']),
  })
  .strict();

/** Value limits for the OpenAPI document; key limits and the pair count are checked by exactMetadata. */
export const metadataSchema = z.record(
  z.string(),
  z.string().max(200, 'metadata values must be at most 200 characters'),
);

export type Metadata = Record<string, string>;

/**
 * The metadata exactly as sent. zod's record drops a `__proto__` key without a word (and never
 * checks its value), so the raw object's own keys are checked again here and copied into a
 * null-prototype object: `constructor`, `__proto__` and `toString` are data like any other key.
 * Unpaired surrogates are refused: a store or a JSON reader would replace them, and the partner
 * would get back something other than what it sent.
 */
export function exactMetadata(raw: unknown): Metadata {
  const out: Metadata = Object.create(null) as Metadata;
  if (raw === null || raw === undefined) return out;
  const fields: Record<string, string> = {};
  const entries = Object.entries(raw as Record<string, unknown>);
  if (entries.length > 20) fields.metadata = 'at most 20 metadata pairs';
  for (const [k, v] of entries) {
    const field = `metadata.${k}`;
    if (k.length < 1 || k.length > 40) fields[field] = 'metadata keys must be 1 to 40 characters';
    else if (!wellFormed(k)) fields[field] = 'metadata keys must not contain unpaired surrogates';
    else if (typeof v !== 'string') fields[field] = 'metadata values must be strings';
    else if (v.length > 200) fields[field] = 'metadata values must be at most 200 characters';
    else if (!wellFormed(v)) fields[field] = 'metadata values must not contain unpaired surrogates';
    else Object.defineProperty(out, k, { value: v, enumerable: true, writable: true, configurable: true });
  }
  if (Object.keys(fields).length > 0) throw validationError(fields);
  return out;
}

export const createOrderSchema = z
  .object({
    externalId: z
      .string()
      .min(1, 'must be 1 to 100 characters')
      .max(100, 'must be 1 to 100 characters')
      .refine(wellFormed, 'must not contain unpaired surrogates')
      .nullish()
      .transform((v) => v ?? null),
    patient: patientSchema,
    items: z
      .array(z.object({ id: z.string().min(1).max(64) }).strict())
      .min(1, 'at least 1 item')
      .max(25, 'at most 25 items'),
    guardian: guardianSchema.nullish().transform((v) => v ?? null),
    preferredLocationId: z
      .string()
      .min(1)
      .max(64)
      .nullish()
      .transform((v) => v ?? null),
    metadata: metadataSchema.nullish().transform((v) => v ?? {}),
  })
  .strict();

export type CreateOrderRequest = z.infer<typeof createOrderSchema>;

export const listOrdersQuerySchema = z
  .object({
    status: z.enum(['processing', 'requisition_ready', 'results_ready', 'cancelled']).optional(),
    externalId: z.string().min(1).max(100).optional(),
    limit: limitParam(100),
    cursor: z.string().min(1).max(512).optional(),
  })
  .strict();

const num = (name: string) =>
  z
    .string()
    .regex(/^-?\d+(\.\d+)?$/, `${name} must be a number`)
    .transform(Number);
/** How the document types a number parameter (the schema itself reads the query string). */
const asNumber = (range: Record<string, number>, description: string) => ({ type: 'number', ...range, description });

export const locationsQuerySchema = z
  .object({
    zip: z
      .string()
      .regex(/^\d{5}(-?\d{4})?$/, 'must be a 5 or 9 digit US ZIP code')
      .optional(),
    lat: num('lat')
      .refine((n) => n >= -90 && n <= 90, 'lat must be between -90 and 90')
      .meta(asNumber({ minimum: -90, maximum: 90 }, 'Latitude; required with lng when zip is omitted'))
      .optional(),
    lng: num('lng')
      .refine((n) => n >= -180 && n <= 180, 'lng must be between -180 and 180')
      .meta(asNumber({ minimum: -180, maximum: 180 }, 'Longitude; required with lat when zip is omitted'))
      .optional(),
    radiusMiles: num('radiusMiles')
      .refine((n) => n > 0 && n <= 250, 'radiusMiles must be greater than 0 and at most 250')
      .meta(asNumber({ exclusiveMinimum: 0, maximum: 250 }, 'Search radius in miles; default 50'))
      .optional(),
    limit: limitParam(200),
  })
  .strict();
