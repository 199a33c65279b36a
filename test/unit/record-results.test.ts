import { describe, expect, it } from 'vitest';
import { recordResults, type RecordResultsDeps } from '../../shared/app/record-results.js';
import type { OrderRecord } from '../../shared/domain/order.js';
import type { Analyte } from '../../shared/domain/results/types.js';
import type { ResultsStore, StoredResults } from '../../shared/ports/results-store.js';
import type { DocumentStore } from '../../shared/ports/document-store.js';
import { MemoryOrders } from '../support/fakes.js';

class MemoryResults implements ResultsStore {
  readonly items = new Map<string, StoredResults>();
  async put(r: StoredResults) {
    await new Promise((ok) => setImmediate(ok)); // interleave like a network store
    this.items.set(`${r.orderId}#${r.id}`, structuredClone(r));
  }
  async get(_p: string, orderId: string, resultsId: string | undefined) {
    return this.items.get(`${orderId}#${resultsId}`) ?? null;
  }
}

class MemoryDocuments implements DocumentStore {
  readonly files = new Map<string, string>();
  async put(key: string, bytes: Uint8Array) {
    await new Promise((ok) => setImmediate(ok));
    this.files.set(key, Buffer.from(bytes).toString());
  }
  async exists(key: string) {
    return this.files.has(key);
  }
  async signedUrl(key: string) {
    return { url: key, expiresAt: '' };
  }
}

const analyte = (name: string, value: number): Analyte =>
  ({
    name,
    labTestCode: '1-1',
    value,
    unit: 'x',
    referenceRange: '',
    referenceRangeLow: null,
    referenceRangeHigh: null,
    flag: 'normal',
    notReported: false,
  }) as Analyte;

async function storedOrder(orders: MemoryOrders, over: Partial<OrderRecord>): Promise<OrderRecord> {
  const order = { partnerId: 'p1', externalId: null, version: 1, ...over } as OrderRecord;
  await orders.create(order);
  return order;
}

describe('recordResults', () => {
  it('two deliveries racing for one order: the partner sees the winner’s results and files, whole', async () => {
    const orders = new MemoryOrders();
    const results = new MemoryResults();
    const documents = new MemoryDocuments();
    let seq = 0;
    const deps: RecordResultsDeps = {
      orders,
      results,
      documents,
      now: () => new Date('2026-11-23T10:00:00Z'),
      newResultsId: () => `res_${++seq}`,
      renderResultsPdf: async () => new Uint8Array(),
      deliverNow: async () => undefined,
    };
    const order = {
      id: 'o1',
      partnerId: 'p1',
      externalId: null,
      state: 'requisition_issued',
      version: 1,
    } as OrderRecord;
    await orders.create(order);
    const [lab, upload] = await Promise.all([
      recordResults(deps, order, {
        source: 'lab_electronic',
        analytes: [analyte('TSH', 1)],
        pdfs: [{ label: 'lab', bytes: Buffer.from('lab pdf') }],
        trigger: 'lab_results',
      }),
      recordResults(deps, order, {
        source: 'operator_upload',
        analytes: [analyte('TSH', 9)],
        pdfs: [{ label: 'upload', bytes: Buffer.from('upload pdf') }],
        trigger: 'operator_upload',
      }),
    ]);
    expect([lab.ok, upload.ok].filter(Boolean)).toHaveLength(1);
    const stored = orders.orders.get('o1') as OrderRecord;
    const shown = await results.get('p1', 'o1', stored.resultsId);
    const winner = lab.ok
      ? { value: 1, pdf: 'lab pdf', source: 'lab_electronic' }
      : { value: 9, pdf: 'upload pdf', source: 'operator_upload' };
    expect(shown).toMatchObject({ source: winner.source, analytes: [{ value: winner.value }] });
    expect(shown?.pdfs).toHaveLength(1);
    expect(documents.files.get(shown?.pdfs[0]?.key as string)).toBe(winner.pdf);
    expect(documents.files.size).toBe(2); // the loser's file exists, under its own key, and is never shown
  });

  it('stores the files and the results record side by side, and moves the order only once all are stored', async () => {
    const orders = new MemoryOrders();
    const order = await storedOrder(orders, { id: 'o3', state: 'requisition_issued' });
    const started: string[] = [];
    const finish: Array<() => void> = [];
    const slow = (what: string) => () =>
      new Promise<void>((ok) => {
        started.push(what);
        finish.push(ok);
      });
    const deps: RecordResultsDeps = {
      orders,
      results: { put: slow('record'), get: async () => null },
      documents: { ...new MemoryDocuments(), put: slow('file') } as unknown as DocumentStore,
      now: () => new Date('2026-11-23T10:00:00Z'),
      newResultsId: () => 'res_9',
      renderResultsPdf: async () => new Uint8Array(),
      deliverNow: async () => undefined,
    };
    const pdfs = [1, 2].map((n) => ({ label: `Report ${n}`, bytes: new Uint8Array([n]) }));
    const recorded = recordResults(deps, order, { source: 'operator_upload', analytes: [], pdfs, trigger: 't' });
    await new Promise((ok) => setImmediate(ok));
    expect(started.sort()).toEqual(['file', 'file', 'record']); // all under way at once
    finish.slice(0, 2).forEach((ok) => ok());
    await new Promise((ok) => setImmediate(ok));
    expect(orders.orders.get('o3')?.state).toBe('requisition_issued'); // one still being stored: not pointed at
    finish[2]?.();
    expect(await recorded).toMatchObject({ ok: true });
    expect(orders.orders.get('o3')).toMatchObject({ state: 'results_reported', resultsId: 'res_9' });
  });

  it('an order touched meanwhile (the sweep retrying its requisition) still takes the results: the lab does not resend', async () => {
    const orders = new MemoryOrders();
    const order = await storedOrder(orders, { id: 'o2', state: 'placed', requisitionNumber: 'RQ1' });
    const results = new MemoryResults();
    const deps: RecordResultsDeps = {
      orders,
      results: {
        put: async (r) => {
          await orders.transition(orders.orders.get('o2') as OrderRecord, ['placed'], { updatedAt: 'later' }); // someone else's write
          await results.put(r);
        },
        get: (p, o, id) => results.get(p, o, id),
      },
      documents: new MemoryDocuments(),
      now: () => new Date('2026-11-23T10:00:00Z'),
      newResultsId: () => 'res_1',
      renderResultsPdf: async () => new Uint8Array(),
      deliverNow: async () => undefined,
    };
    const outcome = await recordResults(deps, order, {
      source: 'lab_electronic',
      analytes: [analyte('TSH', 1)],
      pdfs: [],
      trigger: 'lab_results',
    });
    expect(outcome.ok).toBe(true);
    expect(orders.orders.get('o2')).toMatchObject({ state: 'results_reported', resultsId: 'res_1' });
  });

  it('writes the request’s audit record in the order’s move to results, filed under its partner, and none when refused', async () => {
    const orders = new MemoryOrders();
    const deps: RecordResultsDeps = {
      orders,
      results: new MemoryResults(),
      documents: new MemoryDocuments(),
      now: () => new Date('2026-11-23T10:00:00Z'),
      newResultsId: () => 'res_1',
      renderResultsPdf: async () => new Uint8Array(),
      deliverNow: async () => undefined,
    };
    const asked: Array<{ orderId: string; partnerId?: string }> = [];
    let written = 0;
    const audit = {
      records: (target: { orderId: string; partnerId?: string }) => {
        asked.push(target);
        return [{ id: `aud_${asked.length}`, orderId: target.orderId, partnerId: target.partnerId ?? null } as never];
      },
      written: () => void written++,
    };
    const input = { source: 'operator_upload' as const, analytes: [analyte('TSH', 1)], pdfs: [], trigger: 't', audit };
    const order = await storedOrder(orders, { id: 'o3', state: 'requisition_issued' });
    expect((await recordResults(deps, order, input)).ok).toBe(true);
    expect(asked).toEqual([{ orderId: 'o3', partnerId: 'p1' }]);
    expect(orders.auditWithChanges.records.map((r) => r.id)).toEqual(['aud_1']);
    expect(written).toBe(1);

    const cancelled = await storedOrder(orders, { id: 'o4', state: 'cancelled' });
    expect(await recordResults(deps, cancelled, input)).toEqual({ ok: false, reason: 'cancelled' });
    expect(orders.auditWithChanges.records.map((r) => r.id)).toEqual(['aud_1']);
    expect(written).toBe(1);
  });

  it('makes the partner’s delivery ready before the order’s move and hands it to the inline attempt; a preliminary report (no event) and a refusal make none', async () => {
    const orders = new MemoryOrders();
    const steps: string[] = [];
    const ready = { partnerId: 'p1', partner: Promise.resolve(null), secrets: Promise.resolve([]) };
    const transition = orders.transition.bind(orders);
    const deps: RecordResultsDeps = {
      orders: Object.assign(orders, {
        transition: (...args: Parameters<typeof transition>) => (steps.push('transition'), transition(...args)),
      }),
      results: new MemoryResults(),
      documents: new MemoryDocuments(),
      now: () => new Date('2026-11-23T10:00:00Z'),
      newResultsId: () => 'res_1',
      renderResultsPdf: async () => new Uint8Array(),
      prepareDelivery: (partnerId) => (steps.push(`prepare ${partnerId}`), ready),
      deliverNow: async (events, made) => void steps.push(`deliver ${events.length} ${made === ready}`),
    };
    const input = { source: 'lab_electronic' as const, analytes: [analyte('TSH', 1)], pdfs: [], trigger: 't' };
    const order = await storedOrder(orders, { id: 'o5', state: 'requisition_issued' });
    expect((await recordResults(deps, order, input)).ok).toBe(true);
    expect(steps).toEqual(['prepare p1', 'transition', 'deliver 1 true']);
    steps.length = 0;
    const early = await storedOrder(orders, { id: 'o6', state: 'requisition_issued' });
    expect((await recordResults(deps, early, { ...input, kind: 'preliminary' })).ok).toBe(true);
    expect(steps).toEqual(['transition', 'deliver 0 false']);
    steps.length = 0;
    const cancelled = await storedOrder(orders, { id: 'o7', state: 'cancelled' });
    expect((await recordResults(deps, cancelled, input)).ok).toBe(false);
    expect(steps).toEqual([]);
  });
});
