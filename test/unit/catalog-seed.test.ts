import { describe, expect, it } from 'vitest';
import { loadSeedCatalog } from '../../shared/adapters/seed-catalog.js';
import { parseCatalogSeed } from '../../shared/adapters/catalog-seed-schema.js';
import { SERVICE_CONFIG } from '../../shared/config/service-config.js';

const restricted: readonly string[] = SERVICE_CONFIG.restrictedStates;
const catalog = loadSeedCatalog(restricted);

describe('seed catalogue', () => {
  it('has at least 80 tests and 12 panels, ids unique lowercase slugs', () => {
    expect(catalog.tests.length).toBeGreaterThanOrEqual(80);
    expect(catalog.panels.length).toBeGreaterThanOrEqual(12);
    const ids = [...catalog.tests, ...catalog.panels].map((i) => i.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('prices every panel below the sum of its members', () => {
    const price = new Map(catalog.tests.map((t) => [t.id, t.priceCents]));
    for (const p of catalog.panels)
      expect(p.priceCents).toBeLessThan(p.testIds.reduce((s, id) => s + (price.get(id) as number), 0));
  });

  it('has Spanish names, fasting and minor rules, and some state limits outside the restricted list', () => {
    const translated = [...catalog.tests, ...catalog.panels].filter((i) => i.nameEs !== i.name);
    expect(translated.length).toBeGreaterThan(catalog.tests.length * 0.8);
    expect(catalog.tests.filter((t) => t.unavailableStates.length > 0).length).toBeGreaterThanOrEqual(5);
    expect(catalog.tests.some((t) => t.unavailableStates.some((s) => restricted.includes(s)))).toBe(false);
    expect(catalog.tests.some((t) => !t.minorEligible)).toBe(true);
    expect(catalog.tests.some((t) => t.fastingRequired)).toBe(true);
    expect(catalog.tests.flatMap((t) => t.biomarkers).filter((b) => b.loinc).length).toBeGreaterThan(100);
  });

  it('refuses a broken seed, naming each problem', () => {
    const broken = structuredClone(catalog) as unknown as {
      tests: Array<{ id: string; unavailableStates: string[] }>;
      panels: Array<{ priceCents: number; testIds: string[] }>;
    };
    broken.tests.push({ ...(broken.tests[0] as { id: string; unavailableStates: string[] }) });
    (broken.panels[0] as { priceCents: number }).priceCents = 10_000_000;
    (broken.panels[1] as { testIds: string[] }).testIds.push('no-such-test');
    (broken.tests[2] as { unavailableStates: string[] }).unavailableStates = ['NY'];
    expect(() => parseCatalogSeed(broken, restricted)).toThrow(
      /duplicate id[\s\S]*restricted states NY[\s\S]*not below[\s\S]*no-such-test/,
    );
    expect(() => parseCatalogSeed({ version: 'x', tests: [{ id: 'Bad Id' }], panels: [] }, restricted)).toThrow(
      /Invalid catalogue seed/,
    );
  });
});
