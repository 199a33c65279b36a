import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { adultPatient, api, newPartner, simulatorIntents, type TestPartner } from '../support/partner.js';
import { catalogPicks } from '../support/catalog-picks.js';

// Every body that passes validation is stored and echoed back exactly, before any charge could be
// lost on a write that fails: unicode at every length limit, 25 items, 20 metadata pairs at full
// length, and the keys that break naive object handling (constructor, __proto__, toString).
const RUNS = Math.max(8, Math.floor(Number(process.env.FUZZ_RUNS ?? 40) / 3));
const DANGEROUS_KEYS = ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf', 'prototype'];
const UNSAFE = /[\p{Cc}\u200E\u200F\u061C\u202A-\u202E\u2066-\u2069]|\p{Cs}/u;

/** Text the schema keeps exactly: no surrounding whitespace, no control or bidi characters. */
const exactText = (min: number, max: number) =>
  fc
    .oneof(
      fc.string({ unit: 'binary', minLength: min, maxLength: max }),
      fc.string({ unit: 'grapheme', minLength: min, maxLength: max }),
      // Astral characters count two UTF-16 units towards a limit: fill it exactly.
      fc.constantFrom('😀'.repeat(Math.floor(max / 2)), 'é'.repeat(max), 'Zoë Ñandú-Øster 李'.padEnd(max, '字')),
    )
    .map((s) => s.slice(0, max))
    .filter((s) => s.length >= min && s.trim() === s && !UNSAFE.test(s));

const metadataKey = fc.oneof(fc.constantFrom(...DANGEROUS_KEYS, 'k'.repeat(40), '1', '0'), exactText(1, 40));
const metadataPairs = fc.uniqueArray(fc.tuple(metadataKey, fc.oneof(exactText(0, 200), fc.constant(''))), {
  maxLength: 20,
  selector: ([k]) => k,
});

/** A JSON object with exactly these own keys, `__proto__` included. */
const objectOf = (pairs: [string, string][]) =>
  `{${pairs.map(([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v)}`).join(',')}}`;
const sortedEntries = (o: object) => Object.entries(o).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));

let p: TestPartner;
let ids: string[];
beforeAll(async () => {
  p = await newPartner();
  const picks = await catalogPicks();
  ids = picks.tests.filter((t) => (t.unavailableStates ?? []).length === 0).map((t) => t.id);
});

describe('every valid order body is stored and echoed exactly', () => {
  it('unicode names and addresses, up to 25 items, 20 full-length metadata pairs with dangerous keys', async () => {
    const fullPairs: [string, string][] = [
      ...DANGEROUS_KEYS.map((k): [string, string] => [k, '😀'.repeat(100)]),
      ...Array.from({ length: 14 }, (_, i): [string, string] => [`${i}`.padStart(40, 'k'), 'v'.repeat(200)]),
    ];
    const body = fc.record({
      firstName: exactText(1, 100),
      lastName: exactText(1, 100),
      line1: exactText(1, 200),
      line2: fc.option(exactText(1, 200)),
      city: exactText(1, 100),
      externalId: fc.option(exactText(1, 100)),
      items: fc.integer({ min: 1, max: 25 }),
      metadata: metadataPairs,
    });
    await fc.assert(
      fc.asyncProperty(body, async (b) => {
        const items = Array.from({ length: b.items }, (_, i) => ids[i % ids.length] as string);
        const patient = {
          ...adultPatient,
          firstName: b.firstName,
          lastName: b.lastName,
          address: { line1: b.line1, line2: b.line2, city: b.city, state: 'TX', zip: '78701' },
        };
        const json = `{"externalId":${JSON.stringify(b.externalId)},"patient":${JSON.stringify(patient)},"items":${JSON.stringify(
          items.map((id) => ({ id })),
        )},"metadata":${objectOf(b.metadata)}}`;
        const created = await api(p, 'POST', '/orders', { body: json, idempotencyKey: randomUUID() });
        expect(created.status, JSON.stringify(created.body)).toBe(201);
        const read = await api(p, 'GET', `/orders/${created.body.id}`);
        for (const order of [created.body, read.body]) {
          expect(order.patient.firstName).toBe(b.firstName);
          expect(order.patient.lastName).toBe(b.lastName);
          expect(order.patient.address).toMatchObject({ line1: b.line1, line2: b.line2, city: b.city });
          expect(order.externalId).toBe(b.externalId);
          expect(order.items.map((i: { id: string }) => i.id).sort()).toEqual([...new Set(items)].sort());
          expect(Object.getOwnPropertyNames(order.metadata)).toHaveLength(b.metadata.length);
          expect(sortedEntries(order.metadata)).toEqual(sortedEntries(Object.fromEntries(b.metadata)));
        }
      }),
      {
        numRuns: RUNS,
        examples: [
          [
            {
              firstName: '李'.repeat(100),
              lastName: '😀'.repeat(50),
              line1: 'Ω'.repeat(200),
              line2: '😀'.repeat(100),
              city: 'ß'.repeat(100),
              externalId: 'x'.repeat(100),
              items: 25,
              metadata: fullPairs,
            },
          ],
        ],
      },
    );
  }, 300_000);

  it('a metadata key named constructor, __proto__ or toString alone is stored, not a 500', async () => {
    for (const key of ['constructor', '__proto__', 'toString']) {
      const before = (await simulatorIntents()).filter((i) => i.metadata?.partnerId === p.id).length;
      const json = JSON.stringify({ patient: adultPatient, items: [{ id: ids[0] }] }).replace(
        /}$/,
        `,"metadata":{"${key}":"x"}}`,
      );
      const res = await api(p, 'POST', '/orders', { body: json, idempotencyKey: randomUUID() });
      expect(res.status, key).toBe(201);
      expect(Object.getOwnPropertyNames(res.body.metadata)).toEqual([key]);
      expect((await simulatorIntents()).filter((i) => i.metadata?.partnerId === p.id)).toHaveLength(before + 1);
    }
  });
});

describe('names and addresses refuse text that would not display or store as sent', () => {
  const unsafe = ['Ann\u0007', 'Ann\u202Eevil', 'Ann\u2066x', 'Ann\uD800', '\uDC00Ann', 'Ann\u0000B'];
  it.each([
    ['patient.firstName', (v: string) => ({ patient: { ...adultPatient, firstName: v } })],
    ['patient.lastName', (v: string) => ({ patient: { ...adultPatient, lastName: v } })],
    [
      'patient.address.line1',
      (v: string) => ({ patient: { ...adultPatient, address: { ...adultPatient.address, line1: v } } }),
    ],
    [
      'patient.address.line2',
      (v: string) => ({ patient: { ...adultPatient, address: { ...adultPatient.address, line2: v } } }),
    ],
    [
      'patient.address.city',
      (v: string) => ({ patient: { ...adultPatient, address: { ...adultPatient.address, city: v } } }),
    ],
    [
      'guardian.firstName',
      (v: string) => ({
        patient: adultPatient,
        guardian: { firstName: v, lastName: 'Q', email: 'g@example.org', relationship: 'parent' },
      }),
    ],
  ])('%s: 400 validation_error naming the field, nothing charged', async (field, bodyWith) => {
    const before = (await simulatorIntents()).length;
    for (const v of unsafe) {
      const res = await api(p, 'POST', '/orders', {
        body: { items: [{ id: ids[0] }], ...bodyWith(v) },
        idempotencyKey: randomUUID(),
      });
      expect(res.status, JSON.stringify(v)).toBe(400);
      expect(res.body.error.code).toBe('validation_error');
      expect(Object.keys(res.body.error.details.fields)).toContain(field);
    }
    expect((await simulatorIntents()).length).toBe(before);
  });

  it('metadata with an unpaired surrogate, a non-string value or a 41-character key names the key', async () => {
    for (const [key, value] of [
      ['bad\uD800', 'x'],
      ['__proto__', '\uDC00'],
      ['__proto__', 5],
      ['k'.repeat(41), 'x'],
    ] as const) {
      const json = JSON.stringify({ patient: adultPatient, items: [{ id: ids[0] }] }).replace(
        /}$/,
        `,"metadata":{${JSON.stringify(key)}:${JSON.stringify(value)}}}`,
      );
      const res = await api(p, 'POST', '/orders', { body: json, idempotencyKey: randomUUID() });
      expect(res.status).toBe(400);
      expect(res.body.error.details.fields).toHaveProperty([`metadata.${key}`]);
    }
  });
});
