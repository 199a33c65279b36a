import { meta, refine, regex, safeParse, type core, type output } from 'zod/mini';
import type { ZodFlavour } from './flavour.js';
import { ApiError, validationError } from '../errors.js';

// Parsing a request against a schema, shared by every API: apart from the partner API's schemas
// (partner.ts), so that a handler that parses with its own schema builds none of those at start.

/** A `limit` query parameter: a whole number from 1 to max (built with zod flavour `z`, see flavour.ts). */
export function limitParam(max: number, z: ZodFlavour) {
  const message = `must be a whole number from 1 to ${max}`;
  return z.optional(
    z.pipe(z.string().check(regex(/^\d+$/, message)), z.transform(Number)).check(
      refine((n) => n >= 1 && n <= max, message),
      meta({ type: 'integer', minimum: 1, maximum: max, description: `1 to ${max}; default ${Math.min(50, max)}` }),
    ),
  );
}

/** Parses with a schema; failures become 400 validation_error with details.fields. */
export function parseOrThrow<S extends core.$ZodType>(
  schema: S,
  input: unknown,
  message = 'The request failed validation.',
): output<S> {
  const r = safeParse(schema, input);
  if (r.success) return r.data;
  const fields: Record<string, string> = {};
  for (const issue of r.error.issues) {
    const path = issue.path.map(String).join('.') || (issue.code === 'unrecognized_keys' ? '' : '(body)');
    if (issue.code === 'unrecognized_keys') {
      for (const k of issue.keys) fields[path ? `${path}.${k}` : k] ??= 'is not a recognised field';
      continue;
    }
    fields[path] ??= issue.message;
  }
  throw validationError(fields, message);
}

/** Parses a JSON body; malformed JSON is a validation error, never a 500. */
export function parseJsonBody(body: string | null): unknown {
  if (body === null || body.trim() === '') throw validationError({ '(body)': 'a JSON body is required' });
  try {
    return JSON.parse(body);
  } catch {
    throw new ApiError('validation_error', 'The request body is not valid JSON.', {
      details: { fields: { '(body)': 'must be valid JSON' } },
    });
  }
}
