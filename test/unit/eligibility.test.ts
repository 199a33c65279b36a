import { describe, expect, it } from 'vitest';
import { basketEligibility, itemAvailability } from '../../shared/domain/eligibility.js';
import { indexCatalog, type CatalogItem } from '../../shared/domain/catalog.js';
import { fixtureCatalog } from '../support/catalog-fixture.js';

const byId = indexCatalog(fixtureCatalog);
const get = (id: string) => byId.get(id) as CatalogItem;
const restricted = ['NY', 'NJ', 'RI', 'HI'];

describe('eligibility', () => {
  it('a restricted state makes every item unavailable with reason state_restricted', () => {
    const e = basketEligibility([get('cbc'), get('tsh')], 'NY', restricted, byId);
    expect(e).toMatchObject({ state: 'NY', available: false, reason: 'state_restricted' });
    expect(e.unavailableItems).toEqual([
      { id: 'cbc', reason: 'state_restricted' },
      { id: 'tsh', reason: 'state_restricted' },
    ]);
  });

  it('lists items not offered in an unrestricted state', () => {
    const e = basketEligibility([get('cbc'), get('lyme-antibody')], 'MD', restricted, byId);
    expect(e.available).toBe(false);
    expect(e.reason).toBe('test_not_offered_in_state');
    expect(e.unavailableItems).toEqual([{ id: 'lyme-antibody', reason: 'test_not_offered_in_state' }]);
  });

  it('a panel is not offered where one of its member tests is not offered', () => {
    expect(itemAvailability(get('wide-panel'), 'CA', restricted, byId).reason).toBe('test_not_offered_in_state');
    expect(itemAvailability(get('heart-panel'), 'CA', restricted, byId).available).toBe(true);
  });

  it('is available with null reason and message when everything can be ordered', () => {
    expect(basketEligibility([get('cbc')], 'TX', restricted, byId)).toEqual({
      state: 'TX',
      available: true,
      reason: null,
      message: null,
      unavailableItems: [],
    });
  });
});
