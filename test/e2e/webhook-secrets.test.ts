import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ListTablesCommand } from '@aws-sdk/client-dynamodb';
import { PutCommand, paginateScan } from '@aws-sdk/lib-dynamodb';
import { createDocumentClient } from '../../shared/adapters/dynamodb/client.js';
import { verifySignature } from '../../shared/domain/webhooks/signature.js';
import { admin, api, newPartner, type TestPartner } from '../support/partner.js';
import { startReceiver } from '../support/receiver.js';

// Signing secrets are stored sealed (envelope encryption; the local runtime's key stands in for
// KMS), so what a reader of the tables sees is never a secret. Read here straight from DynamoDB Local.
const db = createDocumentClient({ endpoint: inject('dynamoUrl') });

/** Every item of every table, with its table: the check does not depend on where partners live. */
async function everyItem(): Promise<Array<{ table: string; item: Record<string, unknown> }>> {
  const tables = (await db.send(new ListTablesCommand({}))).TableNames ?? [];
  const items: Array<{ table: string; item: Record<string, unknown> }> = [];
  for (const table of tables)
    for await (const page of paginateScan({ client: db }, { TableName: table }))
      for (const item of page.Items ?? []) items.push({ table, item });
  return items;
}

/** The stored item holding the partner's secrets. */
async function secretsItem(partnerId: string) {
  const found = (await everyItem()).filter(
    ({ item }) => JSON.stringify(item).includes('"webhookSecrets"') && JSON.stringify(item).includes(`"${partnerId}"`),
  );
  expect(found).toHaveLength(1);
  return found[0] as { table: string; item: Record<string, unknown> };
}

type Receiver = Awaited<ReturnType<typeof startReceiver>>;
let receiver: Receiver;
let partner: TestPartner;
beforeAll(async () => {
  receiver = await startReceiver();
  partner = await newPartner({ webhookUrl: receiver.url });
});
afterAll(async () => receiver?.close());

const rotate = async (overlapHours?: number) => {
  const r = await admin(
    'POST',
    `/partners/${partner.id}/webhook-secret`,
    overlapHours === undefined ? {} : { overlapHours },
  );
  expect(r.status).toBe(201);
  return r.body.secret as string;
};
/** Sends a test event; returns its signature header and body as received. */
const testEvent = async () => {
  const before = receiver.received.length;
  const r = await api(partner, 'POST', '/webhooks/test');
  expect(r.status).toBe(200);
  return { answer: r.body, received: receiver.received.slice(before) };
};
const verifies = (got: { rawBody: string; headers: Record<string, unknown> }, secret: string) =>
  verifySignature({
    rawBody: got.rawBody,
    header: got.headers['x-service-signature'] as string,
    secret,
    nowSeconds: Math.floor(Date.now() / 1000),
  }).ok;

describe('webhook signing secrets at rest', () => {
  it('are stored sealed, and webhooks stay verifiable across rotations (overlap, then none)', async () => {
    const first = await rotate();
    const a = await testEvent();
    expect(a.answer.delivered).toBe(true);
    expect(verifies(a.received[0]!, first)).toBe(true);

    const second = await rotate(24);
    const b = await testEvent();
    expect(verifies(b.received[0]!, second)).toBe(true);
    expect(verifies(b.received[0]!, first)).toBe(true); // during the overlap

    const third = await rotate(0); // after a leak: the others stop at once
    const c = await testEvent();
    expect(verifies(c.received[0]!, third)).toBe(true);
    expect(verifies(c.received[0]!, second)).toBe(false);
    expect(verifies(c.received[0]!, first)).toBe(false);

    const { item } = await secretsItem(partner.id);
    const stored = JSON.stringify(item);
    for (const secret of [first, second, third]) expect(stored).not.toContain(secret);
    expect(stored).not.toContain('whsec_');
    const sealed = [...stored.matchAll(/"secret":"([^"]+)"/g)].map((m) => m[1]);
    expect(sealed.length).toBeGreaterThan(0);
    for (const s of sealed) expect(s).toMatch(/^sealed\.v1\./);
    // Nowhere else either: no table holds any of them.
    const everywhere = JSON.stringify(await everyItem());
    for (const secret of [first, second, third]) expect(everywhere).not.toContain(secret);
  });

  it('a plain secret stored before sealing is refused for signing until a rotation seals it', async () => {
    await rotate(0);
    const { table, item } = await secretsItem(partner.id);
    const legacy = `whsec_${'L'.repeat(43)}`;
    const current = /"secret":"(sealed\.v1\.[^"]+)"/.exec(JSON.stringify(item))?.[1] as string;
    const plain = JSON.parse(JSON.stringify(item).replace(current, legacy)) as Record<string, unknown>;
    await db.send(new PutCommand({ TableName: table, Item: plain }));

    const refused = await testEvent();
    expect(refused.answer).toMatchObject({ delivered: false, httpStatus: null });
    expect(refused.received).toEqual([]);

    // The rotation seals the kept plain secret too: both sign during the overlap.
    const fresh = await rotate(24);
    const signed = await testEvent();
    expect(verifies(signed.received[0]!, fresh)).toBe(true);
    expect(verifies(signed.received[0]!, legacy)).toBe(true);
    expect(JSON.stringify((await secretsItem(partner.id)).item)).not.toContain('whsec_');
  });
});
