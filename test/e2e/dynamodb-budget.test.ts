import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { baseUrl } from '../support/http.js';
import { newPartner, orderBody, type TestPartner } from '../support/partner.js';

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
    const created = await fetch(`${baseUrl()}/api/v1/orders`, {
      method: 'POST',
      headers: { ...auth(), 'Content-Type': 'application/json', 'Idempotency-Key': randomUUID() },
      body: JSON.stringify(orderBody(['tsh'])),
    });
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

  it('order creation: 5 calls besides the audit record, within its budget of 6 (auth 1, the key read, the partner, the claim with its charge, the order with the key completion)', async () => {
    const create = await calls('/api/v1/orders', {
      method: 'POST',
      headers: { ...auth(), 'Content-Type': 'application/json', 'Idempotency-Key': randomUUID() },
      body: JSON.stringify(orderBody(['tsh'])),
    });
    // The audit record is the request's last write, and not counted in the budget (one per audited request).
    expect(create.commands.at(-1)).toBe('PutItemCommand');
    const budgeted = create.commands.slice(0, -1);
    expect(budgeted.length).toBeLessThanOrEqual(6);
    expect(budgeted).toHaveLength(5);
    // The replay check's read of the key serves the claim too: one read of it, not two.
    expect(budgeted.filter((c) => c === 'GetItemCommand')).toHaveLength(3);
    // One conditional write claims the key with the charge it is about to send; one transaction
    // writes the order, its id pointer and the key's completion, all or nothing.
    expect(budgeted.filter((c) => c === 'PutItemCommand')).toHaveLength(1);
    expect(budgeted.filter((c) => c === 'TransactWriteItemsCommand')).toHaveLength(1);
  });
});
