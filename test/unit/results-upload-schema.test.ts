import fc from 'fast-check';
import { safeParse } from 'zod/mini';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../shared/http/errors.js';
import { parseOrThrow } from '../../shared/http/schemas/parse.js';
import { resultsUploadSchema, resultsUploadSchemas } from '../../shared/http/schemas/results-upload.js';
import { classicZod, documentedId } from '../../shared/http/schemas/classic.js';

// The upload function parses with the zod/mini build; the operator's OpenAPI document describes the
// classic build of the same definitions. Both must accept, shape and refuse alike.

const documented = resultsUploadSchemas(classicZod, documentedId).resultsUploadSchema;
const PDF = Buffer.from('%PDF-1.7 test').toString('base64');

/** The fields a refused body names, with their messages. */
function refusal(body: unknown): Record<string, string> {
  try {
    parseOrThrow(resultsUploadSchema, body);
  } catch (err) {
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).code).toBe('validation_error');
    return (err as ApiError).extra.details?.fields as Record<string, string>;
  }
  throw new Error('the body was accepted');
}

describe('the results upload request schema', () => {
  it('fills the defaults of a minimal analyte, and no documents', () => {
    expect(parseOrThrow(resultsUploadSchema, { analytes: [{ name: 'TSH', labTestCode: '3016-3', value: 1 }] })).toEqual(
      {
        analytes: [
          {
            name: 'TSH',
            labTestCode: '3016-3',
            value: 1,
            unit: '',
            referenceRange: '',
            referenceRangeLow: null,
            referenceRangeHigh: null,
            notReported: false,
          },
        ],
        pdfs: [],
      },
    );
  });

  it('names each refused field with a message of its own', () => {
    const analyte = { name: 'TSH', labTestCode: '3016-3', value: 1 };
    expect(refusal({ analytes: [] })).toEqual({ analytes: 'must name at least one analyte' });
    expect(refusal({ analytes: [{ ...analyte, name: '' }] })).toEqual({ 'analytes.0.name': 'must not be empty' });
    expect(refusal({ analytes: [{ ...analyte, value: 'high' }] })).toEqual({ 'analytes.0.value': 'must be a number' });
    expect(refusal({ analytes: [{ ...analyte, unit: 'x'.repeat(41) }] })).toEqual({
      'analytes.0.unit': 'must be at most 40 characters',
    });
    expect(refusal({ analytes: [{ ...analyte, flag: 'odd' }] })['analytes.0.flag']).toMatch(
      /^must be one of critical_low, /,
    );
    expect(refusal({ analytes: [{ ...analyte, reportedAt: 'yesterday' }] })).toEqual({
      'analytes.0.reportedAt': 'must be an ISO 8601 date-time',
    });
    expect(refusal({ analytes: [{ ...analyte, notReported: 'no' }] })).toEqual({
      'analytes.0.notReported': 'must be true or false',
    });
    expect(refusal({ analytes: [analyte], pdfs: [{ label: 'Report', contentBase64: 'not base64!' }] })).toEqual({
      'pdfs.0.contentBase64': 'must be base64',
    });
    expect(refusal({ analytes: [{ ...analyte, colour: 'red' }] })).toEqual({
      'analytes.0.colour': 'is not a recognised field',
    });
  });

  it('accepts, shapes and refuses as the documented (classic) build does', () => {
    const text = fc.oneof(fc.string({ maxLength: 8 }), fc.constant(''), fc.constant('x'.repeat(65)));
    const valid = fc.record(
      {
        name: fc.string({ minLength: 1, maxLength: 20 }),
        labTestCode: fc.string({ minLength: 1, maxLength: 10 }),
        value: fc.oneof(fc.double({ noNaN: true, noDefaultInfinity: true }), fc.constant(null)),
        valueText: fc.oneof(fc.string({ maxLength: 20 }), fc.constant(null)),
        unit: fc.string({ maxLength: 10 }),
        flag: fc.oneof(fc.constantFrom('high', 'low', 'normal'), fc.constant(null)),
        notReported: fc.boolean(),
        reportedAt: fc.constant('2026-03-04T09:30:00Z'),
        unordered: fc.boolean(),
      },
      { requiredKeys: ['name', 'labTestCode', 'value'] },
    );
    const anything = fc.record(
      {
        name: text,
        labTestCode: text,
        value: fc.oneof(fc.double(), fc.constant(null), fc.constant('1')),
        valueText: fc.oneof(text, fc.constant(null)),
        unit: text,
        flag: fc.oneof(fc.constantFrom('high', 'odd'), fc.constant(null)),
        notReported: fc.oneof(fc.boolean(), fc.constant('no')),
        reportedAt: fc.constantFrom('2026-03-04T09:30:00Z', 'yesterday'),
        extra: fc.constant(1),
      },
      { requiredKeys: [] },
    );
    const body = fc.record(
      {
        analytes: fc.array(fc.oneof({ arbitrary: valid, weight: 4 }, { arbitrary: anything, weight: 1 }), {
          maxLength: 3,
        }),
        pdfs: fc.array(fc.record({ label: text, contentBase64: fc.constantFrom(PDF, PDF, 'not base64!') }), {
          maxLength: 2,
        }),
      },
      { requiredKeys: ['analytes'] },
    );
    let accepted = 0;
    fc.assert(
      fc.property(body, (input) => {
        const mini = safeParse(resultsUploadSchema, input);
        const classic = safeParse(documented, input);
        expect(mini.success).toBe(classic.success);
        if (mini.success && classic.success) {
          accepted++;
          expect(mini.data).toEqual(classic.data);
        } else {
          const paths = (r: typeof mini) => r.error?.issues.map((i) => i.path.join('.')).sort();
          expect(paths(mini)).toEqual(paths(classic));
        }
      }),
      { numRuns: 400 },
    );
    // Both branches ran: a property that only ever refuses would prove little.
    expect(accepted).toBeGreaterThan(20);
  });
});
