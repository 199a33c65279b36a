import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { baseUrl } from '../support/http.js';
import { operatorResultsMessage } from '../support/sandbox-orders.js';
import { admin, api, newPartner, orderBody, type TestPartner } from '../support/partner.js';

// DynamoDB calls per request, counted by an SDK middleware in the local runtime (authorizer included).
async function calls(path: string, init: RequestInit = {}): Promise<{ count: number; commands: string[] }> {
  const res = await fetch(`${baseUrl()}${path}`, init);
  await res.text();
  return {
    count: Number(res.headers.get('x-local-dynamodb-calls')),
    commands: (res.headers.get('x-local-dynamodb-commands') ?? '').split(',').filter(Boolean),
  };
}

let p: TestPartner;
const auth = () => ({ Authorization: `Bearer ${p.key}` });
const postOrder = () =>
  fetch(`${baseUrl()}/api/v1/orders`, {
    method: 'POST',
    headers: { ...auth(), 'Content-Type': 'application/json', 'Idempotency-Key': randomUUID() },
    body: JSON.stringify(orderBody(['tsh'])),
  });
beforeAll(async () => {
  p = await newPartner();
  await calls('/api/public/v1/quote?items=cbc'); // warm the catalogue cache
});

describe('DynamoDB calls per request (budgets)', () => {
  it('a quote or availability with a warm catalogue makes one call: its rate-limit write', async () => {
    // The same client again and again, inside its burst or idle: the container guesses right.
    for (let i = 0; i < 3; i++) {
      const quote = await calls('/api/public/v1/quote?items=cbc,lipid-panel,tsh&state=CA');
      expect(quote.commands).toEqual(['UpdateItemCommand']);
      const availability = await calls('/api/public/v1/availability?state=CA&item=cbc');
      expect(availability.commands).toEqual(['UpdateItemCommand']);
    }
  });

  it('get and list: at most 2 reads (the key with its partner access, the order or page) and the audit record', async () => {
    const created = await postOrder();
    const order = (await created.json()) as { id: string };
    const get = await calls(`/api/v1/orders/${order.id}`, { headers: auth() });
    // The audit record is the request's last write, and not counted in the budget.
    expect(get.commands.at(-1)).toBe('PutItemCommand');
    expect(get.commands.slice(0, -1)).toEqual(['GetItemCommand', 'GetItemCommand']);
    // Every order the page returned gets its audit record in one write.
    const list = await calls('/api/v1/orders?limit=10', { headers: auth() });
    expect(list.commands.at(-1)).toBe('PutItemCommand');
    expect(list.commands.slice(0, -1)).toEqual(['GetItemCommand', 'QueryCommand']);
  });

  it('order creation: 5 calls, its audit record included, within its budget of 6 (auth 1, the key read, the partner, the claim with its charge, the order with the key completion and the audit record)', async () => {
    const res = await postOrder();
    const order = (await res.json()) as { id: string };
    const create = { commands: (res.headers.get('x-local-dynamodb-commands') ?? '').split(',').filter(Boolean) };
    // The audit record is written in the order's own transaction: no write of its own after it.
    expect(create.commands.at(-1)).toBe('TransactWriteItemsCommand');
    const budgeted = create.commands;
    expect(budgeted.length).toBeLessThanOrEqual(6);
    expect(budgeted).toHaveLength(5);
    // The replay check's read of the key serves the claim too: one read of it, not two.
    expect(budgeted.filter((c) => c === 'GetItemCommand')).toHaveLength(3);
    // One conditional write claims the key with the charge it is about to send; one transaction
    // writes the order, its id pointer, the key's completion and the audit record, all or nothing.
    expect(budgeted.filter((c) => c === 'PutItemCommand')).toHaveLength(1);
    expect(budgeted.filter((c) => c === 'TransactWriteItemsCommand')).toHaveLength(1);
    const trail = await admin('GET', `/audit?orderId=${order.id}`);
    expect(trail.body.data).toEqual([
      expect.objectContaining({ action: 'order.created', outcome: 'success', orderId: order.id, partnerId: p.id }),
    ]);
  });

  it('a cancellation writes its audit record in the cancelling transaction, and nothing after the refund', async () => {
    const created = await postOrder();
    const order = (await created.json()) as { id: string };
    const cancel = await calls(`/api/v1/orders/${order.id}`, { method: 'DELETE', headers: auth() });
    // The key, the order; then the cancelling transaction (order, outbox event held for the inline
    // attempt, audit record) with the partner's read for that attempt in its wait; then, side by
    // side, the refund's record (a transaction) and the attempt's result. No claim of the delivery
    // (the transaction wrote it held), no audit write of its own.
    expect(cancel.commands.slice(0, 2)).toEqual(['GetItemCommand', 'GetItemCommand']);
    // The Stripe simulator's charge.refunded event races the refund's record: when it lands first,
    // the refund's guarded write is refused and the order is read once more to answer with what the
    // event recorded (shared/app/settle-refund.ts). One read more then, never a write more.
    const after = cancel.commands.slice(2).sort();
    const budget = ['GetItemCommand', 'PutItemCommand', 'TransactWriteItemsCommand', 'TransactWriteItemsCommand'];
    expect([budget, ['GetItemCommand', ...budget]]).toContainEqual(after);
    const trail = await admin('GET', `/audit?orderId=${order.id}`);
    expect(trail.body.data.map((r: { action: string; outcome: string }) => [r.action, r.outcome])).toEqual([
      ['order.cancelled', 'success'],
      ['order.created', 'success'],
    ]);
  });

  it("an operator's new key: one read of the partner beside one count of its keys, then one transaction, besides the audit record; an unknown partner writes nothing", async () => {
    const admin = { Authorization: `Bearer ${inject('adminToken')}`, 'Content-Type': 'application/json' };
    const body = JSON.stringify({ environment: 'test' });
    const created = await calls(`/admin/v1/partners/${p.id}/keys`, { method: 'POST', headers: admin, body });
    // The partner's read and the count of its live keys (at most 99) go side by side.
    expect(created.commands.slice(0, 2).sort()).toEqual(['GetItemCommand', 'QueryCommand']);
    expect(created.commands.slice(2)).toEqual(['TransactWriteItemsCommand', 'PutItemCommand']);
    const missing = await fetch(`${baseUrl()}/admin/v1/partners/ptr_01NOSUCHPARTNER00000000000/keys`, {
      method: 'POST',
      headers: admin,
      body,
    });
    expect(missing.status).toBe(404);
    expect(missing.headers.get('x-local-dynamodb-commands')?.split(',').sort()).toEqual([
      'GetItemCommand',
      'PutItemCommand',
      'QueryCommand',
    ]);
  });

  it("a lab's results message writes its audit record in the order's move to results: no audit write of its own", async () => {
    const created = await postOrder();
    const order = (await created.json()) as { id: string };
    expect((await api(p, 'POST', `/sandbox/orders/${order.id}/advance`)).status).toBe(200);
    const lab = await calls('/admin/v1/lab/oru', operatorResultsMessage(order.id));
    // The order by its id (its id's item, then the order); the results record beside the partner's
    // read for the webhook's first attempt; the move to results (order, outbox event held for that
    // attempt, audit record); the attempt's result. No claim, no audit write of its own.
    expect(lab.commands.slice(0, 2)).toEqual(['GetItemCommand', 'GetItemCommand']);
    expect(lab.commands.slice(2, 4).sort()).toEqual(['GetItemCommand', 'PutItemCommand']);
    expect(lab.commands.slice(4)).toEqual(['TransactWriteItemsCommand', 'PutItemCommand']);
    const trail = await admin('GET', `/audit?orderId=${order.id}`);
    expect(
      trail.body.data
        .filter((r: { action: string }) => r.action === 'results.ingested')
        .map((r: { outcome: string; partnerId: string }) => [r.outcome, r.partnerId]),
    ).toEqual([['success', p.id]]);
  });

  it('a results message that returns our partner id in OBR-18 finds the order by its key: 5 calls', async () => {
    const order = (await (await postOrder()).json()) as { id: string };
    expect((await api(p, 'POST', `/sandbox/orders/${order.id}/advance`)).status).toBe(200);
    const lab = await calls('/admin/v1/lab/oru', operatorResultsMessage(order.id, p.id));
    expect(lab.commands[0]).toBe('GetItemCommand');
    expect(lab.commands.slice(1, 3).sort()).toEqual(['GetItemCommand', 'PutItemCommand']);
    expect(lab.commands.slice(3)).toEqual(['TransactWriteItemsCommand', 'PutItemCommand']);
  });
});
