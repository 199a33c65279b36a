import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { decodeAvailabilityQuery, decodeQuoteQuery } from '../../shared/domain/public-query.js';

const known = new Set(['cbc', 'tsh', 'lipid-panel']);
const isKnown = (id: string) => known.has(id);
const manyIds = Array.from({ length: 51 }, (_, i) => `t${i}`).join(',');

describe('decodeQuoteQuery precedence', () => {
  const cases: Array<[Record<string, string>, string]> = [
    [{}, 'missing_items'],
    [{ items: ' , ,' }, 'missing_items'],
    [{ items: manyIds, state: 'zz' }, 'too_many_items'],
    [{ items: 'cbc,BAD!,nope', state: 'zz' }, 'invalid_item_id'],
    [{ items: 'cbc,nope', state: 'zz' }, 'unknown_items'],
    [{ items: 'cbc', state: 'zz' }, 'invalid_state'],
    [{ items: 'cbc', state: 'New York' }, 'invalid_state'],
    [{ items: 'cbc', state: 'PR' }, 'invalid_state'],
  ];
  it.each(cases)('%j -> %s', (q, code) => {
    const r = decodeQuoteQuery(q, isKnown, 50);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.code).toBe(code);
  });

  it('accepts any letter case for state and ids, trims and dedupes ids', () => {
    const r = decodeQuoteQuery({ items: 'CBC, tsh,cbc,', state: 'ca' }, isKnown, 50);
    expect(r).toEqual({ ok: true, value: { ids: ['cbc', 'tsh'], state: 'CA' } });
  });

  it('50 distinct ids are allowed, duplicates do not count towards the limit', () => {
    const fifty = Array.from({ length: 50 }, (_, i) => `t${i}`);
    const r = decodeQuoteQuery({ items: [...fifty, ...fifty].join(',') }, () => true, 50);
    expect(r.ok).toBe(true);
  });

  it('is deterministic: the same input always gives the same answer', () => {
    fc.assert(
      fc.property(fc.record({ items: fc.string(), state: fc.string({ maxLength: 3 }) }), (q) => {
        expect(decodeQuoteQuery(q, isKnown, 50)).toEqual(decodeQuoteQuery(q, isKnown, 50));
      }),
    );
  });
});

describe('decodeAvailabilityQuery', () => {
  it('requires a state', () => {
    const r = decodeAvailabilityQuery({}, isKnown);
    expect(!r.ok && r.error.code).toBe('missing_state');
  });
  it('checks the item before the state', () => {
    const r = decodeAvailabilityQuery({ item: 'nope', state: 'zz' }, isKnown);
    expect(!r.ok && r.error.code).toBe('unknown_items');
  });
  it('normalises the state to upper case', () => {
    expect(decodeAvailabilityQuery({ state: 'tx', item: 'TSH' }, isKnown)).toEqual({
      ok: true,
      value: { itemId: 'tsh', state: 'TX' },
    });
  });
});
