import { fastingRequired as itemFasting, minorEligible, offeredIn, type CatalogItem } from './catalog.js';

/** Whole years between a YYYY-MM-DD birth date and `now` (UTC calendar dates). */
export function ageInYears(dateOfBirth: string, now: Date): number {
  const [y, m, d] = dateOfBirth.split('-').map(Number) as [number, number, number];
  const ny = now.getUTCFullYear();
  const nm = now.getUTCMonth() + 1;
  const nd = now.getUTCDate();
  return ny - y - (nm < m || (nm === m && nd < d) ? 1 : 0);
}

export type OrderRuleError =
  | { code: 'guardian_required' }
  | { code: 'date_of_birth_in_future' }
  | { code: 'minor_not_eligible'; ids: string[] }
  | { code: 'unavailable_in_state'; state: string; ids?: string[] }
  | { code: 'unknown_item'; ids: string[] }
  | { code: 'unknown_location'; id: string };

export interface OrderRuleInput {
  itemIds: string[];
  patientState: string;
  dateOfBirth: string;
  hasGuardian: boolean;
  preferredLocationId: string | null;
  now: Date;
  byId: Map<string, CatalogItem>;
  restrictedStates: readonly string[];
  minorAgeYears: number;
  locationExists: (id: string) => boolean;
}

/**
 * The business rules of order creation, in the spec's order: guardian for a minor,
 * minor_not_eligible, unavailable_in_state, unknown_item, unknown_location. The first failure
 * wins. Returns the de-duplicated, resolved items when every rule passes.
 */
export function checkOrderRules(
  input: OrderRuleInput,
): { ok: true; items: CatalogItem[] } | { ok: false; error: OrderRuleError } {
  const ids = [...new Set(input.itemIds)];
  const age = ageInYears(input.dateOfBirth, input.now);
  if (age < 0) return { ok: false, error: { code: 'date_of_birth_in_future' } };
  const isMinor = age < input.minorAgeYears;
  if (isMinor && !input.hasGuardian) return { ok: false, error: { code: 'guardian_required' } };
  const known = ids.map((id) => input.byId.get(id)).filter((i): i is CatalogItem => i !== undefined);
  if (isMinor) {
    const notForMinors = known.filter((i) => !minorEligible(i, input.byId)).map((i) => i.id);
    if (notForMinors.length > 0) return { ok: false, error: { code: 'minor_not_eligible', ids: notForMinors } };
  }
  if (input.restrictedStates.includes(input.patientState))
    return { ok: false, error: { code: 'unavailable_in_state', state: input.patientState } };
  const notOffered = known.filter((i) => !offeredIn(i, input.patientState, input.byId)).map((i) => i.id);
  if (notOffered.length > 0)
    return { ok: false, error: { code: 'unavailable_in_state', state: input.patientState, ids: notOffered } };
  const unknown = ids.filter((id) => !input.byId.has(id));
  if (unknown.length > 0) return { ok: false, error: { code: 'unknown_item', ids: unknown } };
  if (input.preferredLocationId !== null && !input.locationExists(input.preferredLocationId)) {
    return { ok: false, error: { code: 'unknown_location', id: input.preferredLocationId } };
  }
  return { ok: true, items: known };
}

export function basketFasting(items: readonly CatalogItem[], byId: Map<string, CatalogItem>): boolean {
  return items.some((i) => itemFasting(i, byId));
}
