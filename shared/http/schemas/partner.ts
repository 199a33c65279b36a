import { maxLength, meta, minLength, refine, regex, trim, type output, type ZodMiniType } from 'zod/mini';
import { US_STATE_CODES } from '../../domain/us-states.js';
import { validationError } from '../errors.js';
import { limitParam } from './parse.js';
import { miniZod, type WithId, type ZodFlavour } from './flavour.js';

// The partner API's request schemas: they validate requests and produce the OpenAPI document.
// Written once against the API both zod flavours share (./flavour.ts): the functions parse with
// the zod/mini build below, the OpenAPI document is generated from a classic build of the same.
// The parsing helpers live in parse.ts, so a handler that needs only them builds none of these.
export { parseJsonBody, parseOrThrow } from './parse.js';

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

/** The partner API's request schemas, built with zod flavour `z`; `withId` names the documents' components. */
export function partnerRequestSchemas(z: ZodFlavour, withId: WithId = (schema) => schema) {
  const trimmed = (max: number) =>
    z
      .string()
      .check(
        trim(),
        minLength(1, 'must not be empty'),
        maxLength(max, `must be at most ${max} characters`),
        refine(safeText, SAFE_TEXT_MESSAGE),
      );

  /** Absent or null, read as null. */
  const orNull = <S extends ZodMiniType>(schema: S) =>
    z.pipe(
      z.nullish(schema),
      z.transform((v: output<S> | null | undefined) => v ?? null),
    );

  /** A 10-digit US number; common punctuation and a leading +1 are accepted and normalised away. */
  const usPhone = z
    .pipe(
      z.string(),
      z.transform((s: string) => s.replace(/[\s().-]/g, '').replace(/^\+?1(?=\d{10}$)/, '')),
    )
    .check(refine((s) => /^[2-9]\d{2}[2-9]\d{6}$/.test(s), 'must be a 10-digit US phone number'));

  const isoDate = z.string().check(
    regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date in YYYY-MM-DD form'),
    refine((s) => {
      const d = new Date(`${s}T00:00:00Z`);
      return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s && s >= '1900-01-01';
    }, 'must be a real calendar date after 1900'),
  );

  const addressSchema = withId(
    z.strictObject({
      line1: trimmed(200),
      line2: z.nullish(z.string().check(trim(), maxLength(200), refine(safeText, SAFE_TEXT_MESSAGE))),
      city: trimmed(100),
      state: z
        .pipe(
          z.string(),
          z.transform((s: string) => s.trim().toUpperCase()),
        )
        .check(refine((s) => (US_STATE_CODES as readonly string[]).includes(s), 'must be a 2-letter US state code')),
      zip: z.string().check(trim(), regex(/^\d{5}(-\d{4})?$/, 'must be a US ZIP code (12345 or 12345-6789)')),
    }),
    'AddressInput',
  );

  const patientSchema = withId(
    z.strictObject({
      firstName: trimmed(100),
      lastName: trimmed(100),
      dateOfBirth: isoDate,
      sex: z.enum(['female', 'male'], {
        message: 'must be "female" or "male" (sex assigned at birth, used for reference ranges)',
      }),
      email: orNull(z.email('must be an email address').check(maxLength(254))),
      phone: orNull(usPhone),
      address: addressSchema,
    }),
    'PatientInput',
  );

  const guardianSchema = z.strictObject({
    firstName: trimmed(100),
    lastName: trimmed(100),
    email: z.email('must be an email address').check(maxLength(254)),
    relationship: z.enum(['parent', 'legal_guardian', 'other']),
  });

  /** Value limits for the OpenAPI document; key limits and the pair count are checked by exactMetadata. */
  const metadataSchema = z.record(
    z.string(),
    z.string().check(maxLength(200, 'metadata values must be at most 200 characters')),
  );

  const createOrderSchema = withId(
    z.strictObject({
      externalId: orNull(
        z
          .string()
          .check(
            minLength(1, 'must be 1 to 100 characters'),
            maxLength(100, 'must be 1 to 100 characters'),
            refine(wellFormed, 'must not contain unpaired surrogates'),
          ),
      ),
      patient: patientSchema,
      items: z
        .array(z.strictObject({ id: z.string().check(minLength(1), maxLength(64)) }))
        .check(minLength(1, 'at least 1 item'), maxLength(25, 'at most 25 items')),
      guardian: orNull(guardianSchema),
      preferredLocationId: orNull(z.string().check(minLength(1), maxLength(64))),
      metadata: z.pipe(
        z.nullish(metadataSchema),
        z.transform((v: Metadata | null | undefined) => v ?? {}),
      ),
    }),
    'CreateOrderRequest',
  );

  const listOrdersQuerySchema = z.strictObject({
    status: z.optional(z.enum(['processing', 'requisition_ready', 'results_ready', 'cancelled'])),
    externalId: z.optional(z.string().check(minLength(1), maxLength(100))),
    limit: limitParam(100, z),
    cursor: z.optional(z.string().check(minLength(1), maxLength(512))),
  });

  const num = (name: string) =>
    z.pipe(z.string().check(regex(/^-?\d+(\.\d+)?$/, `${name} must be a number`)), z.transform(Number));
  /** How the document types a number parameter (the schema itself reads the query string). */
  const asNumber = (range: Record<string, number>, description: string) =>
    meta({ type: 'number', ...range, description });

  const locationsQuerySchema = z.strictObject({
    zip: z.optional(z.string().check(regex(/^\d{5}(-?\d{4})?$/, 'must be a 5 or 9 digit US ZIP code'))),
    lat: z.optional(
      num('lat').check(
        refine((n) => n >= -90 && n <= 90, 'lat must be between -90 and 90'),
        asNumber({ minimum: -90, maximum: 90 }, 'Latitude; required with lng when zip is omitted'),
      ),
    ),
    lng: z.optional(
      num('lng').check(
        refine((n) => n >= -180 && n <= 180, 'lng must be between -180 and 180'),
        asNumber({ minimum: -180, maximum: 180 }, 'Longitude; required with lat when zip is omitted'),
      ),
    ),
    radiusMiles: z.optional(
      num('radiusMiles').check(
        refine((n) => n > 0 && n <= 250, 'radiusMiles must be greater than 0 and at most 250'),
        asNumber({ exclusiveMinimum: 0, maximum: 250 }, 'Search radius in miles; default 50'),
      ),
    ),
    limit: limitParam(200, z),
  });

  return { createOrderSchema, listOrdersQuerySchema, locationsQuerySchema };
}

/** The functions' build. */
export const { createOrderSchema, listOrdersQuerySchema, locationsQuerySchema } = partnerRequestSchemas(miniZod);

export type CreateOrderRequest = output<typeof createOrderSchema>;
