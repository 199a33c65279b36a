import { describe, expect, it } from 'vitest';
import { loadSeedCatalog } from '../../shared/adapters/seed-catalog.js';
import { buildOruMessage, seededRandom } from '../../shared/domain/results/simulate.js';
import { parseOru } from '../../shared/domain/results/hl7.js';

const catalog = loadSeedCatalog([]);
const markers = (id: string) => catalog.tests.find((t) => t.id === id)!.biomarkers;

describe('simulated results hold together', () => {
  it('for 200 seeds: lipid arithmetic, red-cell indices, white count = its differential, values near their ranges', () => {
    for (let seed = 0; seed < 200; seed++) {
      const msg = buildOruMessage({
        placerOrderNumber: `o${seed}`,
        requisitionNumber: 'RQ1',
        observedAt: new Date('2026-11-25T00:00:00Z'),
        biomarkers: [...markers('lipid-panel'), ...markers('cbc')],
        random: seededRandom(`seed-${seed}`),
      });
      const parsed = parseOru(msg);
      if (!parsed.ok) throw new Error(parsed.error);
      const v = (code: string) => parsed.result.analytes.find((a) => a.labTestCode === code)!.value as number;
      expect(v('43396-1')).toBeCloseTo(v('2093-3') - v('2085-9'), 0);
      expect(v('13457-7')).toBeLessThanOrEqual(v('43396-1'));
      expect(Math.abs(v('787-2') - (v('4544-3') / v('789-8')) * 10)).toBeLessThan(1.5);
      expect(Math.abs(v('785-6') - (v('718-7') / v('789-8')) * 10)).toBeLessThan(0.5);
      expect(Math.abs(v('786-4') - (v('718-7') / v('4544-3')) * 100)).toBeLessThan(0.5);
      const diff = ['751-8', '731-0', '742-7', '711-2', '704-7'].reduce((s, c) => s + v(c), 0);
      expect(Math.abs(v('6690-2') - diff)).toBeLessThan(0.1);
      for (const a of parsed.result.analytes) {
        if (a.referenceRangeLow === null || a.referenceRangeHigh === null || a.value === null) continue;
        const width = a.referenceRangeHigh - a.referenceRangeLow;
        expect(a.value, a.name).toBeGreaterThanOrEqual(Math.max(0, a.referenceRangeLow - width));
        expect(a.value, a.name).toBeLessThanOrEqual(a.referenceRangeHigh + 1.5 * width);
        // The flag the lab sent follows the value sent.
        if (a.value > a.referenceRangeHigh) expect(a.flag).toMatch(/high/);
        if (a.value < a.referenceRangeLow) expect(a.flag).toMatch(/low/);
      }
    }
  });
});
