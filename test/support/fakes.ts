import type { AuditLog, AuditPage, AuditRecord, AuditTarget } from '../../shared/ports/audit-log.js';
import { recoveryKind, type RecoveryKind } from '../../shared/domain/recovery-kind.js';
import { movedMoney, type KeyRecord } from '../../shared/domain/idempotency.js';
import type { OrderRecord, OrderState } from '../../shared/domain/order.js';
import type { OutboxEvent } from '../../shared/domain/events.js';
import type { DeliveryRecord, DeliveryStatus } from '../../shared/domain/webhooks/delivery.js';
import type { DeliveryStore } from '../../shared/ports/webhooks.js';
import type { IdempotencyStore } from '../../shared/ports/idempotency-store.js';
import type { OrderPage, OrderStore } from '../../shared/ports/order-store.js';
import type { Partner } from '../../shared/domain/partner.js';

export { ScriptedPayments } from './fake-payments.js';

// In-memory stand-ins for the ports, for domain tests that need no AWS. The store contract tests
// (test/integration/store-contract.test.ts) hold them to the DynamoDB adapters' behaviour.

/** Oldest first by "<time>#<id>", as a work-queue index reads. */
const oldestBy =
  <T extends { id: string }>(time: (x: T) => string) =>
  (a: T, b: T) =>
    `${time(a)}#${a.id}`.localeCompare(`${time(b)}#${b.id}`);

/** A partner with a webhook endpoint and one signing secret stored as given. */
export function webhookPartner(storedSecret: string): Partner {
  return {
    id: 'ptr_1',
    name: 'P',
    status: 'active',
    fees: { labCollectionCents: 0, physicianOrderCents: 0 },
    paymentMethod: null,
    stripeCustomerId: null,
    webhookUrl: 'https://hooks.example.com/h',
    webhookSecrets: [{ secret: storedSecret, createdAt: '2026-11-01T00:00:00.000Z', expiresAt: null }],
    createdAt: '2026-11-01T00:00:00.000Z',
    updatedAt: '2026-11-01T00:00:00.000Z',
  };
}

export class MemoryKeys implements IdempotencyStore {
  readonly records = new Map<string, KeyRecord>();
  failPuts = 0;
  async get(id: string) {
    const r = this.records.get(id);
    return r ? structuredClone(r) : null;
  }
  async put(record: KeyRecord, expectedVersion: number | null) {
    if (this.failPuts > 0) {
      this.failPuts--;
      throw new Error('store down');
    }
    const cur = this.records.get(record.id);
    if ((cur?.version ?? null) !== expectedVersion) return false;
    this.records.set(record.id, structuredClone(record));
    return true;
  }
  async unsettled(limit: number) {
    return [...this.records.values()]
      .filter(movedMoney)
      .sort((a, b) => a.firstUsedAtMs - b.firstUsedAtMs)
      .slice(0, limit)
      .map((r) => structuredClone(r));
  }
}

export class MemoryOrders implements OrderStore {
  readonly orders = new Map<string, OrderRecord>();
  failCreates = 0;
  /** Audit records written with a change, as the table's transaction writes them beside it. */
  readonly auditWithChanges = new MemoryAuditLog();
  /** The key store an order's creation completes a key record in (createCompleting). */
  constructor(private readonly keys: MemoryKeys = new MemoryKeys()) {}
  async createCompleting(order: OrderRecord, key: KeyRecord, keyVersion: number, audit: readonly AuditRecord[] = []) {
    if (this.failCreates > 0) {
      this.failCreates--;
      throw new Error('store down');
    }
    const existing = this.orders.get(order.id);
    if ((this.keys.records.get(key.id)?.version ?? null) !== keyVersion) return 'key_changed' as const;
    if (existing) return { exists: structuredClone(existing) };
    this.orders.set(order.id, structuredClone(order));
    this.keys.records.set(key.id, structuredClone(key));
    await this.auditWithChanges.append(audit);
    return 'created' as const;
  }
  storageProblem: (order: OrderRecord) => string | null = () => null;
  async create(order: OrderRecord) {
    if (this.failCreates > 0) {
      this.failCreates--;
      throw new Error('store down');
    }
    const existing = this.orders.get(order.id);
    if (existing) return existing;
    this.orders.set(order.id, structuredClone(order));
    return order;
  }
  async get(partnerId: string, orderId: string) {
    const o = this.orders.get(orderId);
    return o && o.partnerId === partnerId ? structuredClone(o) : null;
  }
  async list(
    partnerId: string,
    opts: { limit: number; startKey: string | null; externalId?: string },
  ): Promise<OrderPage> {
    const all = [...this.orders.values()]
      .filter((o) => o.partnerId === partnerId && (opts.externalId === undefined || o.externalId === opts.externalId))
      .sort((a, b) => (a.id < b.id ? 1 : -1));
    const start = opts.startKey ? all.findIndex((o) => o.id === opts.startKey) + 1 : 0;
    const page = all.slice(start, start + opts.limit);
    return { orders: page, nextKey: start + opts.limit < all.length ? (page.at(-1)?.id ?? null) : null };
  }
  readonly outbox = new Map<string, OutboxEvent>();
  async transition(
    order: OrderRecord,
    from: readonly OrderState[],
    patch: Partial<OrderRecord>,
    events: readonly OutboxEvent[] = [],
    audit: readonly AuditRecord[] = [],
  ) {
    const cur = this.orders.get(order.id);
    if (!cur || cur.version !== order.version || !from.includes(cur.state)) return null;
    const next = { ...cur, ...patch, version: cur.version + 1 };
    this.orders.set(order.id, next);
    for (const e of events) this.outbox.set(e.deliveryId, e);
    await this.auditWithChanges.append(audit);
    return structuredClone(next);
  }
  async duePlacements(now: Date, limit: number) {
    return [...this.orders.values()]
      .filter((o) => o.state === 'scheduled' && Date.parse(o.placementDueAt) <= now.getTime())
      .sort(oldestBy((o) => o.placementDueAt))
      .slice(0, limit);
  }
  async awaitingResults(before: Date, limit: number) {
    return [...this.orders.values()]
      .filter(
        (o) => o.state === 'requisition_issued' && Date.parse(o.requisitionIssuedAt as string) <= before.getTime(),
      )
      .sort(oldestBy((o) => o.requisitionIssuedAt as string))
      .slice(0, limit);
  }
  async needsRecovery(kind: RecoveryKind, updatedBefore: Date, limit: number) {
    return [...this.orders.values()]
      .filter((o) => recoveryKind(o) === kind && Date.parse(o.updatedAt) <= updatedBefore.getTime())
      .sort(oldestBy((o) => o.updatedAt))
      .slice(0, limit)
      .map((o) => structuredClone(o));
  }
  async findById(orderId: string) {
    const o = this.orders.get(orderId);
    return o ? structuredClone(o) : null;
  }
}

export class MemoryDeliveries implements DeliveryStore {
  readonly records = new Map<string, DeliveryRecord>();
  async get(id: string) {
    const r = this.records.get(id);
    return r ? structuredClone(r) : null;
  }
  async due(now: Date, limit: number) {
    return [...this.records.values()]
      .filter((r) => r.status === 'pending' && r.nextAttemptAt !== null && Date.parse(r.nextAttemptAt) <= now.getTime())
      .sort(oldestBy((r) => r.nextAttemptAt as string))
      .slice(0, limit)
      .map((r) => structuredClone(r));
  }
  async save(record: DeliveryRecord, expectedVersion: number) {
    // Yield first, as a network store would, so concurrent workers really interleave.
    await new Promise((r) => setImmediate(r));
    if ((this.records.get(record.id)?.version ?? 0) !== expectedVersion) return false;
    this.records.set(record.id, { ...structuredClone(record), version: expectedVersion + 1 });
    return true;
  }
  async listForPartner(partnerId: string, filter: { orderId?: string; status?: DeliveryStatus; limit: number }) {
    return [...this.records.values()]
      .filter(
        (r) =>
          r.event.partnerId === partnerId &&
          (!filter.orderId || r.event.orderId === filter.orderId) &&
          (!filter.status || r.status === filter.status),
      )
      .sort(oldestBy((r) => r.event.createdAt))
      .reverse()
      .slice(0, filter.limit)
      .map((r) => structuredClone(r));
  }
  async listFailed(opts: { limit: number; startKey: string | null }) {
    const failed = [...this.records.values()]
      .filter((r) => r.status === 'failed')
      .sort(oldestBy((r) => r.event.createdAt))
      .reverse();
    const from = Number(opts.startKey ?? 0);
    const next = from + opts.limit < failed.length ? String(from + opts.limit) : null;
    return { records: failed.slice(from, from + opts.limit), nextKey: next };
  }
}

/** The audit trail in memory: append-only, listed newest first like the table. */
export class MemoryAuditLog implements AuditLog {
  readonly records: AuditRecord[] = [];
  async append(records: readonly AuditRecord[]) {
    this.records.push(...records.map((r) => structuredClone(r)));
  }
  async list(target: AuditTarget, opts: { limit: number; startKey: string | null }): Promise<AuditPage> {
    const matching = this.records
      .filter((r) => ('orderId' in target ? r.orderId === target.orderId : r.partnerId === target.partnerId))
      .sort((a, b) => `${b.at}#${b.id}`.localeCompare(`${a.at}#${a.id}`));
    const from = opts.startKey ? Number(opts.startKey) : 0;
    const page = matching.slice(from, from + opts.limit);
    return { records: page, nextKey: from + opts.limit < matching.length ? String(from + opts.limit) : null };
  }
}
