import type { IdempotencyStore } from '../../shared/ports/idempotency-store.js';
import type { OrderStore } from '../../shared/ports/order-store.js';

/**
 * Fault injection for the local runtime's reliability tests: the next N writes of a kind fail as
 * if the store were down. The local runtime hands these wrappers to the composition root
 * (useLocalOverrides); nothing in AWS has them.
 */
export const FAULTS = { orderWrites: 0, keyWrites: 0 };
export type FaultKind = keyof typeof FAULTS;

function take(kind: FaultKind): void {
  if (FAULTS[kind] > 0) {
    FAULTS[kind]--;
    throw new Error(`injected fault: ${kind}`);
  }
}

export function faultyOrderStore(inner: OrderStore): OrderStore {
  return {
    storageProblem: (o) => inner.storageProblem(o),
    create: async (o) => (take('orderWrites'), inner.create(o)),
    createCompleting: async (o, key, v, audit) => (take('orderWrites'), inner.createCompleting(o, key, v, audit)),
    get: (p, id) => inner.get(p, id),
    list: (p, opts) => inner.list(p, opts),
    transition: async (o, from, patch, events, audit) => (
      take('orderWrites'),
      inner.transition(o, from, patch, events, audit)
    ),
    duePlacements: (now, limit) => inner.duePlacements(now, limit),
    findById: (id) => inner.findById(id),
    awaitingResults: (before, limit) => inner.awaitingResults(before, limit),
    needsRecovery: (kind, before, limit) => inner.needsRecovery(kind, before, limit),
  };
}

export function faultyKeyStore(inner: IdempotencyStore): IdempotencyStore {
  return {
    get: (id) => inner.get(id),
    put: async (r, v) => (take('keyWrites'), inner.put(r, v)),
    unsettled: (limit) => inner.unsettled(limit),
  };
}
