import {
  createOrder,
  type CreateOrderCommand,
  type CreateOrderDeps,
  type CreateOrderOutcome,
} from '../../shared/app/create-order.js';
import { settleKey, type SettleDeps } from '../../shared/app/settle-payments.js';
import { indexCatalog } from '../../shared/domain/catalog.js';
import type { Partner } from '../../shared/domain/partner.js';
import { fixtureCatalog } from './catalog-fixture.js';
import { MemoryKeys, MemoryOrders, ScriptedPayments } from './fakes.js';

const DAY = 24 * 3600_000;
/** cbc (2,900) with the partner's fees (1,800): what an order of the default command is charged. */
export const DEFAULT_TOTAL = 4700;

/**
 * Order creation in process, on the in-memory fakes: one partner, the fixture catalogue, a clock
 * the test moves (`now`), and the use case's ports wired as the composition root wires them.
 */
export function orderWorld() {
  const keys = new MemoryKeys();
  const w = {
    now: 1_700_000_000_000,
    keys,
    orders: new MemoryOrders(keys),
    payments: new ScriptedPayments(),
    alerts: [] as string[],
    restrictedStates: [] as string[],
    partner: {
      id: 'ptr_1',
      name: 'P',
      status: 'active',
      fees: { labCollectionCents: 1000, physicianOrderCents: 800 },
      paymentMethod: 'pm_card_visa',
      stripeCustomerId: null,
      webhookUrl: null,
      createdAt: '',
      updatedAt: '',
    } as Partner,
    seq: 0,
    /** Prices the next order at `totalCents` by the partner's fees (as an operator raising them would). */
    setTotal(totalCents: number): void {
      w.partner = { ...w.partner, fees: { ...w.partner.fees, labCollectionCents: totalCents - 2900 - 800 } };
    },
    settleDeps: (): SettleDeps => ({
      keys,
      payments: w.payments,
      now: () => new Date(w.now),
      alert: (e) => w.alerts.push(e),
      leaseMs: 30_000,
      keyLifeMs: DAY,
    }),
    deps: (): CreateOrderDeps => ({
      keys: w.keys,
      partners: { get: async (id) => (id === w.partner.id ? structuredClone(w.partner) : null) },
      payments: w.payments,
      orders: w.orders,
      catalog: async () => indexCatalog(fixtureCatalog),
      sites: { find: (id) => (id === 'site_1' ? ({ id, name: 'Site 1' } as never) : null) },
      now: () => new Date(w.now),
      newOrderId: () => `order_${++w.seq}`,
      alert: (e) => w.alerts.push(e),
      schedulePlacement: async () => undefined,
      leaseMs: 30_000,
      keyLifeMs: DAY,
      settleExpired: (record) => settleKey(w.settleDeps(), record),
      config: {
        placementDelayMinutes: 60,
        cancelWindowMinutes: 60,
        restrictedStates: w.restrictedStates,
        minorAgeYears: 18,
        retryLockMs: 5 * 60_000,
      },
    }),
    command: (over: Partial<CreateOrderCommand> = {}): CreateOrderCommand => ({
      partnerId: 'ptr_1',
      idempotencyKey: 'key-1',
      requestHash: 'h1',
      itemIds: ['cbc'],
      externalId: null,
      patient: {
        firstName: 'Ada',
        lastName: 'Lovelace',
        dateOfBirth: '1990-01-01',
        sex: 'female',
        email: 'ada@example.com',
        phone: '+15555550100',
        address: { line1: '1 Main St', line2: null, city: 'Austin', state: 'TX', zip: '78701' },
      },
      guardian: null,
      preferredLocationId: null,
      metadata: {},
      ...over,
    }),
    create: (over: Partial<CreateOrderCommand> = {}, deps: CreateOrderDeps = w.deps()): Promise<CreateOrderOutcome> =>
      createOrder(deps, w.command(over)),
  };
  return w;
}
export type OrderWorld = ReturnType<typeof orderWorld>;
