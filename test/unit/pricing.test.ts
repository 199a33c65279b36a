import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { dedupeIds, priceBasket } from '../../shared/domain/pricing.js';
import { indexCatalog, type CatalogItem } from '../../shared/domain/catalog.js';
import { fixtureCatalog } from '../support/catalog-fixture.js';

const byId = indexCatalog(fixtureCatalog);
const allItems = [...byId.values()];
const itemsArb = fc.array(fc.constantFrom(...allItems), { minLength: 1, maxLength: 12 });

describe('priceBasket', () => {
  it('prices a panel at its bundle price, not the sum of its members', () => {
    const basket = priceBasket([byId.get('heart-panel') as CatalogItem], 1800);
    expect(basket.subtotalCents).toBe(5900);
    expect(basket.totalCents).toBe(7700);
  });

  it('total = subtotal + fee, and the fee is charged once however many items', () => {
    fc.assert(
      fc.property(itemsArb, fc.integer({ min: 0, max: 100_000 }), (items, fee) => {
        const unique = [...new Map(items.map((i) => [i.id, i])).values()];
        const basket = priceBasket(unique, fee);
        const sum = unique.reduce((s, i) => s + i.priceCents, 0);
        expect(basket.subtotalCents).toBe(sum);
        expect(basket.totalCents - basket.subtotalCents).toBe(fee);
        expect(basket.lines.every((l) => l.quantity === 1)).toBe(true);
      }),
    );
  });

  it('neither the order of items nor repeated ids change the total', () => {
    fc.assert(
      fc.property(itemsArb, fc.integer({ min: 0, max: 5 }), (items, seed) => {
        const ids = items.map((i) => i.id);
        const shuffled = [...ids].sort(
          (a, b) => ((a.charCodeAt(0) * (seed + 1)) % 7) - ((b.charCodeAt(0) * (seed + 1)) % 7),
        );
        const withRepeats = [...ids, ...ids.slice(0, seed)];
        const price = (list: string[]) =>
          priceBasket(
            dedupeIds(list).map((id) => byId.get(id) as CatalogItem),
            1800,
          ).totalCents;
        expect(price(shuffled)).toBe(price(ids));
        expect(price(withRepeats)).toBe(price(ids));
      }),
    );
  });
});
