import { maxLength, minLength } from 'zod/mini';
import { RESULT_FLAGS } from '../../domain/results/types.js';
import { miniZod, type WithId, type ZodFlavour } from './flavour.js';

// POST /admin/v1/orders/{id}/results: results that arrived outside the electronic interface.
// Written against the API both zod flavours share (./flavour.ts), as the partner API's schemas are:
// the upload function parses with the zod/mini build below (classic zod is about 95 KB of a cold
// start's code), the operator's OpenAPI document is generated from a classic build of the same.
// Every check names its own message: zod/mini carries no locale to word one.

/** The upload's request schemas, built with zod flavour `z`; `withId` names the document's component. */
export function resultsUploadSchemas(z: ZodFlavour, withId: WithId = (schema) => schema) {
  const text = (min: number, max: number) =>
    z
      .string({ error: 'must be text' })
      .check(
        ...(min > 0 ? [minLength(min, 'must not be empty')] : []),
        maxLength(max, `must be at most ${max} characters`),
      );
  const number = () => z.number({ error: 'must be a number' });
  const flag = z.enum(RESULT_FLAGS, { error: `must be one of ${RESULT_FLAGS.join(', ')}` });

  const analyte = z.strictObject({
    name: text(1, 200),
    labTestCode: text(1, 64),
    value: z.nullable(number()),
    valueText: z.nullish(text(0, 200)),
    unit: z._default(text(0, 40), ''),
    referenceRange: z._default(text(0, 100), ''),
    referenceRangeLow: z._default(z.nullable(number()), null),
    referenceRangeHigh: z._default(z.nullable(number()), null),
    flag: z.optional(z.nullable(flag)),
    notReported: z._default(z.boolean({ error: 'must be true or false' }), false),
    reportedAt: z.optional(z.iso.datetime({ error: 'must be an ISO 8601 date-time' })),
    /** The lab reported this analyte though no ordered test includes it: accepted only when marked. */
    unordered: z.optional(z.boolean({ error: 'must be true or false' })),
  });

  const pdf = z.strictObject({
    label: text(1, 100),
    contentBase64: z
      .base64({ error: 'must be base64' })
      .check(maxLength(10_000_000, 'must be at most 10,000,000 characters')),
  });

  const resultsUploadSchema = withId(
    z.strictObject({
      analytes: z
        .array(analyte)
        .check(minLength(1, 'must name at least one analyte'), maxLength(500, 'must be at most 500 analytes')),
      pdfs: z._default(z.array(pdf).check(maxLength(10, 'must be at most 10 documents')), []),
    }),
    'ResultsUploadRequest',
  );
  return { resultsUploadSchema };
}

export const { resultsUploadSchema } = resultsUploadSchemas(miniZod);
