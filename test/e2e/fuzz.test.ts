import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { getJson } from '../support/http.js';
import { api, newPartner } from '../support/partner.js';

// Property-based fuzzing over HTTP: whatever a client sends, never a 5xx, never a stack trace or
// internal detail, always the spec's error shape; and the public 400 is deterministic.
const RUNS = Number(process.env.FUZZ_RUNS ?? 40);
const junk = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.constantFrom('', ',', '%00', '../../etc/passwd', '<script>', 'cbc,cbc', 'ny', 'A'.repeat(300)),
);
const noLeak = (text: string) => {
  expect(text).not.toMatch(
    /at .+\.(ts|js):\d+|Error: |TypeError|ReferenceError|node_modules|ConditionalCheckFailed|DynamoDB/,
  );
};

describe('fuzzing the public API', () => {
  it('quote and availability: 200 or a deterministic 4xx in the public error shape', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record({ items: fc.option(junk), state: fc.option(junk), item: fc.option(junk) }),
        async (q) => {
          const params = new URLSearchParams();
          for (const [k, v] of Object.entries(q)) if (v !== null) params.set(k, v);
          for (const path of ['/api/public/v1/quote', '/api/public/v1/availability']) {
            const first = await getJson(`${path}?${params}`);
            expect(first.status).toBeLessThan(500);
            noLeak(JSON.stringify(first.body));
            if (first.status === 400) {
              expect(Object.keys(first.body.error).sort()).toEqual(expect.arrayContaining(['code', 'docs', 'message']));
              expect((await getJson(`${path}?${params}`)).body).toEqual(first.body);
            }
          }
        },
      ),
      { numRuns: RUNS },
    );
  }, 120_000);
});

describe('fuzzing the partner API', () => {
  it('order creation, listing and lookups: never a 5xx, always the partner error shape', async () => {
    const p = await newPartner();
    const anyJson = fc.oneof(
      fc.jsonValue({ maxDepth: 3 }),
      fc.record({
        patient: fc.jsonValue({ maxDepth: 2 }),
        items: fc.array(fc.record({ id: junk }), { maxLength: 30 }),
        metadata: fc.jsonValue({ maxDepth: 1 }),
      }),
    );
    await fc.assert(
      fc.asyncProperty(anyJson, junk, junk, async (body, key, id) => {
        const created = await api(p, 'POST', '/orders', {
          body: JSON.stringify(body),
          idempotencyKey: key.replace(/[^\x20-\x7e]/g, '?').slice(0, 120) || 'k',
        });
        const listed = await api(p, 'GET', `/orders?limit=${encodeURIComponent(id)}&cursor=${encodeURIComponent(key)}`);
        const got = await api(p, 'GET', `/orders/${encodeURIComponent(id) || 'x'}`);
        const located = await api(
          p,
          'GET',
          `/locations?zip=${encodeURIComponent(id)}&radiusMiles=${encodeURIComponent(key)}`,
        );
        for (const r of [created, listed, got, located]) {
          expect(r.status).toBeLessThan(500);
          noLeak(JSON.stringify(r.body));
          if (r.status >= 400) expect(typeof r.body.error.code).toBe('string');
        }
      }),
      { numRuns: RUNS },
    );
  }, 120_000);
});
