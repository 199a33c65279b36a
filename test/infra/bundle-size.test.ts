import { describe, expect, it } from 'vitest';
import { bundleSizes } from '../../infra/tools/bundle-report.js';

describe('Lambda bundle sizes', () => {
  it('every function bundle stays within its budget (see infra/tools/bundle-report.ts for why)', async () => {
    const sizes = await bundleSizes();
    expect(sizes.length).toBeGreaterThan(30);
    const over = sizes.filter((s) => s.bytes > s.budget).map((s) => `${s.entry}: ${s.bytes} > ${s.budget}`);
    expect(over).toEqual([]);
  }, 120_000);
});
