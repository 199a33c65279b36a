import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureTables, startDynamoDbLocal } from '../../infra/local/dynamodb-local.js';
import { createDocumentClient } from '../../shared/adapters/dynamodb/client.js';
import { DynamoOrderStore } from '../../shared/adapters/dynamodb/order-store.js';
import { TABLES } from '../../shared/adapters/dynamodb/tables.js';
import type { OrderRecord } from '../../shared/domain/order.js';

let dynamo: Awaited<ReturnType<typeof startDynamoDbLocal>>;
let store: DynamoOrderStore;
beforeAll(async () => {
  dynamo = await startDynamoDbLocal({ dataDir: null });
  await ensureTables(dynamo.endpoint);
  store = new DynamoOrderStore(createDocumentClient({ endpoint: dynamo.endpoint }), TABLES.orders.localName);
});
afterAll(async () => dynamo?.stop());

const at = (minute: number) => new Date(Date.UTC(2026, 10, 23, 10, minute)).toISOString();
const order = (id: string, over: Partial<OrderRecord>): OrderRecord =>
  ({
    id,
    partnerId: 'ptr_r',
    externalId: null,
    state: 'scheduled',
    version: 1,
    createdAt: at(0),
    updatedAt: at(0),
    items: [],
    fees: { labCollectionCents: 0, physicianOrderCents: 0 },
    subtotalCents: 0,
    totalCents: 0,
    payment: { status: 'succeeded', amountCents: 0, currency: 'usd', paymentIntentId: `pi_${id}`, refundId: null },
    patient: {},
    guardian: null,
    fastingRequired: false,
    preferredLocation: null,
    metadata: {},
    placementDueAt: at(60),
    requisitionNumber: null,
    requisitionIssuedAt: null,
    resultsReportedAt: null,
    cancelledAt: null,
    ...over,
  }) as OrderRecord;
const ids = (orders: OrderRecord[]) => orders.map((o) => o.id).sort();

describe('the recovery index in DynamoDB', () => {
  it('finds each kind of order left part-way by its last update, and forgets it once it moves on', async () => {
    const pending = {
      status: 'refund_pending',
      amountCents: 0,
      currency: 'usd',
      paymentIntentId: 'pi',
      refundId: null,
    } as const;
    await store.create(order('order_placing', { state: 'placing', updatedAt: at(5) }));
    await store.create(order('order_placing_late', { state: 'placing', updatedAt: at(30) }));
    await store.create(
      order('order_rehearsal', { state: 'placing', updatedAt: at(5), simulation: { placement: 'held' } }),
    );
    const placed = await store.create(
      order('order_placed', { state: 'placed', requisitionNumber: 'RQ1', updatedAt: at(5) }),
    );
    await store.create(order('order_refund', { state: 'cancelled', payment: pending, updatedAt: at(5) }));
    await store.create(
      order('order_fine', {
        state: 'requisition_issued',
        requisitionNumber: 'RQ2',
        requisitionIssuedAt: at(5),
        updatedAt: at(5),
      }),
    );

    expect(ids(await store.needsRecovery('placing', new Date(at(20)), 25))).toEqual(['order_placing']);
    expect(ids(await store.needsRecovery('placing', new Date(at(40)), 25))).toEqual([
      'order_placing',
      'order_placing_late',
    ]);
    expect(ids(await store.needsRecovery('requisition', new Date(at(20)), 25))).toEqual(['order_placed']);
    expect(ids(await store.needsRecovery('refund', new Date(at(20)), 25))).toEqual(['order_refund']);

    await store.transition(placed, ['placed'], {
      state: 'requisition_issued',
      requisitionIssuedAt: at(21),
      updatedAt: at(21),
    });
    expect(await store.needsRecovery('requisition', new Date(at(59)), 25)).toEqual([]);
    // And it is in the awaiting-results index instead, as any issued requisition is.
    expect(ids(await store.awaitingResults(new Date(at(59)), 25))).toEqual(['order_fine', 'order_placed']);
  });
});
