// Listing cost against the number of orders a partner has: two partners in one run, one with a
// few orders and one with many, the same pages timed for both. The many are written straight into
// DynamoDB Local in the order store's own item shape (creating 100,000 through the API would take
// the charge path 100,000 times and measure nothing more).
import { BatchWriteCommand, GetCommand } from '@aws-sdk/lib-dynamodb';
import { createDocumentClient } from '../../shared/adapters/dynamodb/client.js';
import { orderFromItem, orderItem } from '../../shared/adapters/dynamodb/order-store.js';
import { TABLES } from '../../shared/adapters/dynamodb/tables.js';
import { orderKeys } from '../../shared/adapters/dynamodb/keys/orders-table.js';
import type { OrderRecord } from '../../shared/domain/order.js';
import { newId } from '../../shared/domain/ids.js';
import { adminPost, BENCH_PATIENT, percentile } from './fixtures.js';

export interface ListingFigures {
  orders: number;
  firstPage: { p50ms: number; p99ms: number };
  fourthPage: { p50ms: number; p99ms: number };
}

interface Api {
  url: string;
  adminToken: string;
  dynamoEndpoint: string;
}

async function partnerWithOneOrder(api: Api, name: string): Promise<{ key: string; template: OrderRecord }> {
  const admin = adminPost(api.url, api.adminToken);
  const partner = await admin('/partners', { name, paymentMethod: 'pm_card_visa' });
  const key = (await admin(`/partners/${partner.id}/keys`, { environment: 'test' })).key as string;
  const res = await fetch(`${api.url}/api/v1/orders`, {
    method: 'POST',
    headers: {
      Authorization: `Bearer ${key}`,
      'Content-Type': 'application/json',
      'Idempotency-Key': crypto.randomUUID(),
    },
    body: JSON.stringify({ patient: BENCH_PATIENT, items: [{ id: 'cbc' }] }),
  });
  const order = (await res.json()) as { id: string };
  const db = createDocumentClient({ endpoint: api.dynamoEndpoint });
  const got = await db.send(
    new GetCommand({
      TableName: TABLES.orders.localName,
      Key: orderKeys.order(String(partner.id), order.id),
    }),
  );
  if (!got.Item) throw new Error('the template order was not stored');
  return { key, template: orderFromItem(got.Item) };
}

/** Writes `count` more orders like `template` for its partner, older than it, a minute apart. */
async function seed(api: Api, template: OrderRecord, count: number): Promise<void> {
  const db = createDocumentClient({ endpoint: api.dynamoEndpoint });
  const start = Date.parse(template.createdAt);
  const clones = function* () {
    for (let i = 1; i <= count; i++) {
      const at = new Date(start - i * 60_000);
      // `placed`: past the placement sweep, so the seeded orders give the runtime no work of their own.
      yield orderItem({
        ...template,
        id: newId('order', at),
        createdAt: at.toISOString(),
        updatedAt: at.toISOString(),
        state: 'placed',
        externalId: null,
      });
    }
  };
  let batch: ReturnType<typeof orderItem>[] = [];
  let written = 0;
  const inFlight = new Set<Promise<void>>();
  const flush = async (items: ReturnType<typeof orderItem>[]) => {
    let pending: Record<string, unknown>[] = items.map((Item) => ({ PutRequest: { Item } }));
    while (pending.length > 0) {
      const r = await db.send(new BatchWriteCommand({ RequestItems: { [TABLES.orders.localName]: pending as never } }));
      pending = (r.UnprocessedItems?.[TABLES.orders.localName] as Record<string, unknown>[] | undefined) ?? [];
    }
    written += items.length;
    if (written % 10_000 < 25)
      console.log(`  seeded ${written.toLocaleString('en-US')} / ${count.toLocaleString('en-US')} orders`);
  };
  for (const item of clones()) {
    batch.push(item);
    if (batch.length === 25) {
      const p = flush(batch).finally(() => inFlight.delete(p));
      inFlight.add(p);
      batch = [];
      if (inFlight.size >= 4) await Promise.race(inFlight);
    }
  }
  if (batch.length > 0) await flush(batch);
  await Promise.all(inFlight);
}

type Pager = { key: string; fourth: string; first: number[]; fourthTimes: number[] };

async function listPage(api: Api, key: string, cursor: string | null) {
  const t0 = performance.now();
  const res = await fetch(`${api.url}/api/v1/orders?limit=25${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`, {
    headers: { Authorization: `Bearer ${key}` },
  });
  const body = (await res.json()) as { data?: unknown[]; nextCursor?: string | null };
  if (res.status !== 200 || body.data?.length !== 25)
    throw new Error(`listing answered ${res.status} with ${body.data?.length} orders`);
  return { ms: performance.now() - t0, next: body.nextCursor ?? null };
}

async function pager(api: Api, key: string): Promise<Pager> {
  let cursor: string | null = null;
  for (let i = 0; i < 3; i++) cursor = (await listPage(api, key, cursor)).next;
  return { key, fourth: cursor as string, first: [], fourthTimes: [] };
}

const figures = (p: Pager, orders: number): ListingFigures => ({
  orders,
  firstPage: { p50ms: percentile(p.first, 50), p99ms: percentile(p.first, 99) },
  fourthPage: { p50ms: percentile(p.fourthTimes, 50), p99ms: percentile(p.fourthTimes, 99) },
});

/** Times pages of 25 (the first, and the fourth by cursor) for a partner with `small` orders and one with `large`, in the same run. */
export async function measureListing(
  api: Api,
  small: number,
  large: number,
  runs = 100,
): Promise<{ small: ListingFigures; large: ListingFigures }> {
  const few = await partnerWithOneOrder(api, 'Bench few orders');
  const many = await partnerWithOneOrder(api, 'Bench many orders');
  await seed(api, few.template, small - 1);
  console.log(`  seeding ${large.toLocaleString('en-US')} orders for one partner...`);
  await seed(api, many.template, large - 1);
  const pagers = [await pager(api, few.key), await pager(api, many.key)];
  // Interleaved, so any drift on the machine falls on both alike; the first 10 rounds warm up.
  for (let round = 0; round < runs + 10; round++) {
    for (const p of pagers) {
      const first = await listPage(api, p.key, null);
      const fourth = await listPage(api, p.key, p.fourth);
      if (round >= 10) {
        p.first.push(first.ms);
        p.fourthTimes.push(fourth.ms);
      }
    }
  }
  return { small: figures(pagers[0] as Pager, small), large: figures(pagers[1] as Pager, large) };
}
