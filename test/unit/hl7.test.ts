import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { parseOru } from '../../shared/domain/results/hl7.js';
import { buildOruMessage, seededRandom } from '../../shared/domain/results/simulate.js';
import { flagFromRange, resultFlag } from '../../shared/domain/results/flags.js';
import { parseRange } from '../../shared/domain/results/hl7-values.js';
import { RESULT_FLAGS } from '../../shared/domain/results/types.js';

const dir = new URL('../fixtures/hl7/', import.meta.url);
const fixtures = readdirSync(dir).filter((f) => f.endsWith('.hl7'));
const read = (f: string) => readFileSync(new URL(f, dir), 'latin1');
const parse = (f: string) => {
  const r = parseOru(read(f));
  if (!r.ok) throw new Error(r.error);
  return r.result;
};

describe('parseOru over the twelve published fixtures', () => {
  it('has all twelve', () => expect(fixtures).toHaveLength(12));

  it.each(fixtures)('%s: analytes or a clear rejection, never a throw, no patient data in errors', (f) => {
    const message = read(f);
    const r = parseOru(message);
    if (r.ok) {
      expect(r.result.analytes.length).toBeGreaterThan(0);
      for (const a of r.result.analytes) {
        expect(a.flag === null || (RESULT_FLAGS as readonly string[]).includes(a.flag)).toBe(true);
        if (a.notReported) expect(a.flag).toBeNull();
        expect(Number.isNaN(Date.parse(a.reportedAt))).toBe(false);
      }
    } else {
      expect(r.error.length).toBeGreaterThan(10);
      // Names from the PID segment must never appear in an error.
      const pid = message.split(/\r\n|\r|\n/).find((l) => l.startsWith('PID')) ?? '';
      for (const part of (pid.split('|')[5] ?? '').split('^').filter((p) => p.length > 2))
        expect(r.error).not.toContain(part);
    }
  });

  it('01: SN value with an empty comparator, an underscore range and a bogus value type', () => {
    const a = parse('01-hl7-std-ghh-glucose-sn-v24.hl7').analytes;
    expect(a[0]).toMatchObject({ value: 182, referenceRangeLow: 70, referenceRangeHigh: 105, flag: 'high' });
    expect(a[1]?.value).toBe(182);
  });
  it('04: a rejected specimen with no OBX is refused, naming OBR-25', () => {
    expect(parseOru(read('04-nist-lri-esr-rejected-no-obx-v251.hl7'))).toEqual({
      ok: false,
      error: expect.stringMatching(/no OBX results.*OBR-25 X/),
    });
  });
  it('05: N, L, HH and A flags, "13 to 18" ranges, 28 observations', () => {
    const r = parse('05-nist-lri-cbc-flags-n-l-hh-a-v251.hl7');
    expect(r.analytes).toHaveLength(28);
    const by = (code: string) => r.analytes.find((x) => x.labTestCode === code);
    expect(by('718-7')).toMatchObject({ value: 12.5, flag: 'low', referenceRangeLow: 13, referenceRangeHigh: 18 });
    expect(by('26464-8')).toMatchObject({ value: 105600, flag: 'critical_high' });
  });
  it('07: SN with a comparator keeps it in valueText; susceptibility flags are not range verdicts', () => {
    const a = parse('07-nist-lri-culture-susceptibility-sn-lt-v251.hl7').analytes.find((x) => x.valueText === '<0.06');
    expect(a).toMatchObject({ value: 0.06, flag: null });
  });
  it('08: pending observations with empty values are not reported and carry no verdict', () => {
    const a = parse('08-fhirconv-cbc-diff-pending-status-i-p-f-v25.hl7').analytes;
    expect(a.filter((x) => x.notReported).every((x) => x.flag === null && x.value === null)).toBe(true);
    expect(a.some((x) => !x.notReported)).toBe(true);
  });
  it('09: escapes are decoded in units (\\S\\ -> ^)', () => {
    expect(parse('09-orchestrate-cbc-escapes-si-units-v23.hl7').analytes[0]?.unit).toBe('10^9/L');
  });
  it('11: a cancelled test and empty values are notReported with no flag', () => {
    const a = parse('11-renalware-test-cancelled-empty-values-v231.hl7').analytes;
    expect(a.filter((x) => x.notReported).length).toBeGreaterThanOrEqual(2);
    expect(a.find((x) => x.labTestCode === 'TACR')).toMatchObject({
      referenceRangeLow: 1,
      referenceRangeHigh: 12,
      notReported: true,
      flag: null,
    });
  });
  it('12: a segment broken by a stray newline is skipped, status X is withheld', () => {
    const r = parse('12-openlis-labcorp-v22-status-x-nte-zseg.hl7');
    expect(r.skippedLines).toBe(1);
    expect(r.analytes[0]).toMatchObject({ notReported: true, flag: null });
  });
  it.each(['', 'garbage', 'MSH|^~', 'MSH|^~\\&|A|B|C|D|20200101||ADT^A01|1|P|2.5.1'])(
    'malformed input %j is refused with a reason',
    (m) => {
      const r = parseOru(m);
      expect(r.ok).toBe(false);
    },
  );
});

describe('reference ranges and flags', () => {
  it.each([
    ['70_105', 70, 105],
    ['13 to 18', 13, 18],
    ['(1.0 - 12.0)', 1, 12],
    ['<0.50 IU/mL', null, 0.5],
    ['>=60', 60, null],
    ['Negative', null, null],
  ])('%s', (text, low, high) => expect(parseRange(text)).toEqual({ low, high }));

  it('never says normal outside the range, and always gives a verdict for a number with a full range', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -1000, max: 1000, noNaN: true }),
        fc.double({ min: -100, max: 100, noNaN: true }),
        fc.double({ min: 0.01, max: 100, noNaN: true }),
        (value, low, width) => {
          const high = low + width;
          const flag = flagFromRange(value, low, high);
          expect(flag).not.toBeNull();
          if (value < low) expect(['low', 'critical_low']).toContain(flag);
          if (value > high) expect(['high', 'critical_high']).toContain(flag);
        },
      ),
    );
  });

  it('no verdict without a value or a range, and the lab flags win', () => {
    expect(flagFromRange(null, 1, 2)).toBeNull();
    expect(flagFromRange(5, null, null)).toBeNull();
    expect(resultFlag(['HH'], 5, 1, 10)).toBe('critical_high');
    expect(resultFlag(['L'], 5, 1, 10)).toBe('low');
    expect(resultFlag(['A'], null, null, null)).toBeNull();
    expect(resultFlag(['S'], 0.1, null, null)).toBeNull();
  });

  it("reads OBR-18 (placer field 1) back as the order message sent it, a lab's own text as it is, and none as null", () => {
    const sent = (placerField1?: string) =>
      parseOru(
        buildOruMessage({
          placerOrderNumber: 'order_x',
          ...(placerField1 ? { placerField1 } : {}),
          requisitionNumber: 'RQ1',
          observedAt: new Date('2026-01-01T00:00:00Z'),
          biomarkers: [{ name: 'TSH', loinc: '3016-3', unit: 'uIU/mL', referenceLow: 0.45, referenceHigh: 4.5 }],
          random: seededRandom('x'),
        }),
      );
    const first = (r: ReturnType<typeof parseOru>) => (r.ok ? r.result.observationRequests[0] : null);
    expect(first(sent('ptr_01kbenchpartner00000000000'))).toMatchObject({
      placerOrderNumber: 'order_x',
      placerField1: 'ptr_01kbenchpartner00000000000',
    });
    expect(first(sent())?.placerField1).toBeNull();
    const labs = readFileSync(
      new URL('../fixtures/hl7/09-orchestrate-cbc-escapes-si-units-v23.hl7', import.meta.url),
      'latin1',
    );
    expect(first(parseOru(labs))?.placerField1).toBe('00065227');
  });

  it('simulated messages round-trip: every flag matches its value and range', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 12 }), (seed) => {
        const biomarkers = [
          { name: 'Glucose', loinc: '2345-7', unit: 'mg/dL', referenceLow: 65, referenceHigh: 99 },
          { name: 'HDL', loinc: '2085-9', unit: 'mg/dL', referenceLow: 40, referenceHigh: 100 },
          { name: 'TSH', loinc: '3016-3', unit: 'uIU/mL', referenceLow: 0.45, referenceHigh: 4.5 },
          { name: 'HIV-1/2 Ag/Ab', loinc: '56888-1', unit: null, referenceLow: null, referenceHigh: null },
        ];
        const msg = buildOruMessage({
          placerOrderNumber: 'order_x',
          requisitionNumber: 'RQ1',
          observedAt: new Date('2026-01-01T00:00:00Z'),
          biomarkers,
          random: seededRandom(seed),
        });
        const r = parseOru(msg);
        expect(r.ok).toBe(true);
        if (!r.ok) return;
        expect(r.result.analytes).toHaveLength(4);
        for (const a of r.result.analytes) {
          if (a.value === null || a.referenceRangeLow === null || a.referenceRangeHigh === null) continue;
          if (a.value < a.referenceRangeLow) expect(a.flag).toBe('low');
          else if (a.value > a.referenceRangeHigh) expect(a.flag).toBe('high');
          else expect(['normal', 'borderline_low', 'borderline_high']).toContain(a.flag);
        }
      }),
    );
  });
});
