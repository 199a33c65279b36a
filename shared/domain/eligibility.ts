import { offeredIn, type CatalogItem } from './catalog.js';

export type UnavailableReason = 'state_restricted' | 'test_not_offered_in_state';

export interface ItemAvailability {
  id: string;
  available: boolean;
  reason: UnavailableReason | null;
  message: string | null;
}

export interface StateEligibility {
  state: string;
  available: boolean;
  reason: UnavailableReason | null;
  message: string | null;
  unavailableItems: Array<{ id: string; reason: UnavailableReason }>;
}

export function stateRestrictedMessage(state: string): string {
  return `Orders cannot be placed from ${state} at this time.`;
}

function itemNotOfferedMessage(item: CatalogItem, state: string): string {
  return `${item.name} is not offered in ${state}.`;
}

/** Whether one item can be ordered from a state (the state itself may be restricted). */
export function itemAvailability(
  item: CatalogItem,
  state: string,
  restrictedStates: readonly string[],
  byId: Map<string, CatalogItem>,
): ItemAvailability {
  if (restrictedStates.includes(state)) {
    return { id: item.id, available: false, reason: 'state_restricted', message: stateRestrictedMessage(state) };
  }
  if (!offeredIn(item, state, byId)) {
    return {
      id: item.id,
      available: false,
      reason: 'test_not_offered_in_state',
      message: itemNotOfferedMessage(item, state),
    };
  }
  return { id: item.id, available: true, reason: null, message: null };
}

/**
 * Whether a basket can be ordered from a state. A restricted state makes every item unavailable
 * with reason state_restricted; otherwise the items not offered there are listed.
 */
export function basketEligibility(
  items: readonly CatalogItem[],
  state: string,
  restrictedStates: readonly string[],
  byId: Map<string, CatalogItem>,
): StateEligibility {
  const unavailable = items
    .map((item) => itemAvailability(item, state, restrictedStates, byId))
    .filter((a) => !a.available)
    .map((a) => ({ id: a.id, reason: a.reason as UnavailableReason }));
  if (restrictedStates.includes(state)) {
    return {
      state,
      available: false,
      reason: 'state_restricted',
      message: stateRestrictedMessage(state),
      unavailableItems: unavailable,
    };
  }
  if (unavailable.length > 0) {
    const names = unavailable.map((u) => u.id).join(', ');
    return {
      state,
      available: false,
      reason: 'test_not_offered_in_state',
      message: `Some items are not offered in ${state}: ${names}. Remove them to order.`,
      unavailableItems: unavailable,
    };
  }
  return { state, available: true, reason: null, message: null, unavailableItems: [] };
}
