import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ingestResults } from '../../shared/app/ingest-results.js';
import type { RecordResultsDeps } from '../../shared/app/record-results.js';
import type { OrderRecord } from '../../shared/domain/order.js';
import { MemoryOrders } from '../support/fakes.js';
import { withPlacerField1 } from '../support/sandbox-orders.js';
import { isPartnerId, newId } from '../../shared/domain/ids.js';

// A lab's ORU^R01 (NIST's sample) about one order, renamed to ours.
const message = (orderId: string) =>
  readFileSync(
    new URL('../fixtures/hl7/05-nist-lri-cbc-flags-n-l-hh-a-v251.hl7', import.meta.url),
    'latin1',
  ).replaceAll('ORD666555', orderId);

function setup() {
  const orders = new MemoryOrders();
  let finds = 0;
  const gets: string[][] = [];
  const findById = orders.findById.bind(orders);
  const get = orders.get.bind(orders);
  const deps: RecordResultsDeps & { orders: MemoryOrders } = {
    orders: Object.assign(orders, {
      findById: (id: string) => (finds++, findById(id)),
      get: (partnerId: string, id: string) => (gets.push([partnerId, id]), get(partnerId, id)),
    }),
    results: { put: async () => undefined, get: async () => null },
    documents: { put: async () => undefined } as never,
    now: () => new Date('2026-11-27T10:00:00Z'),
    newResultsId: () => 'res_1',
    renderResultsPdf: async () => new Uint8Array(),
    deliverNow: async () => undefined,
  };
  return { orders, deps, finds: () => finds, gets };
}

const PARTNER = 'ptr_01kbenchpartner00000000000';
const stored = async (orders: MemoryOrders, id: string) => {
  const order = { id, partnerId: PARTNER, externalId: null, state: 'requisition_issued', version: 1 } as OrderRecord;
  await orders.create(order);
  return order;
};

describe('results ingestion', () => {
  it('finds the order the message names by its id, unless the caller has just read that very order (the sandbox)', async () => {
    const { orders, deps, finds } = setup();
    const a = await stored(orders, 'order_01KAAAAAAAAAAAAAAAAAAAAAAA');
    const b = await stored(orders, 'order_01KBBBBBBBBBBBBBBBBBBBBBBB');
    expect(await ingestResults(deps, message(a.id))).toMatchObject({ kind: 'ingested', order: { id: a.id } });
    expect(finds()).toBe(1);
    expect(await ingestResults(deps, message(b.id), { order: b })).toMatchObject({
      kind: 'ingested',
      order: { id: b.id, state: 'results_reported' },
    });
    expect(finds()).toBe(1);
    // An order read for another id is not taken for the one the message names.
    const c = await stored(orders, 'order_01KCCCCCCCCCCCCCCCCCCCCCCC');
    expect(await ingestResults(deps, message(c.id), { order: a })).toMatchObject({
      kind: 'ingested',
      order: { id: c.id },
    });
    expect(finds()).toBe(2);
  });

  it('finds the order by its key when the lab returned our partner id in OBR-18, by its id otherwise', async () => {
    expect(isPartnerId(newId('ptr', new Date()))).toBe(true);
    expect(isPartnerId(PARTNER)).toBe(true);
    const { orders, deps, finds, gets } = setup();
    const a = await stored(orders, 'order_01KAAAAAAAAAAAAAAAAAAAAAAA');
    expect(await ingestResults(deps, withPlacerField1(message(a.id), PARTNER))).toMatchObject({
      kind: 'ingested',
      order: { id: a.id },
    });
    expect([gets.splice(0), finds()]).toEqual([[[PARTNER, a.id]], 0]);
    // A lab's own text in OBR-18 is not taken for a partner id.
    const b = await stored(orders, 'order_01KBBBBBBBBBBBBBBBBBBBBBBB');
    expect(await ingestResults(deps, withPlacerField1(message(b.id), '00065227'))).toMatchObject({ kind: 'ingested' });
    expect([gets.splice(0), finds()]).toEqual([[], 1]);
    // A partner id the order is not filed under finds nothing by the key: the id alone still finds it.
    const c = await stored(orders, 'order_01KCCCCCCCCCCCCCCCCCCCCCCC');
    const other = 'ptr_01kzzzzzzzzzzzzzzzzzzzzzzz';
    expect(await ingestResults(deps, withPlacerField1(message(c.id), other))).toMatchObject({
      kind: 'ingested',
      order: { id: c.id },
    });
    expect([gets.splice(0), finds()]).toEqual([[[other, c.id]], 2]);
  });
});
