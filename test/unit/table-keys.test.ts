import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { deliveryItem, orderItem } from '../../shared/adapters/dynamodb/order-store.js';
import { UNSETTLED, unsettledEntry } from '../../shared/adapters/dynamodb/keys/idempotency-table.js';
import { WORK_QUEUES } from '../../shared/adapters/dynamodb/keys/orders-table.js';
import { at, delivery, order } from '../support/store-fixtures.js';

const ids = Array.from({ length: 60 }, (_, i) => `x_${i}`);

describe('table keys', () => {
  it('no work queue has a constant partition key: each spreads over its shards', () => {
    const placement = new Set(ids.map((id) => orderItem(order(id)).gsi2pk));
    expect([...placement].sort()).toEqual(['placement#0', 'placement#1', 'placement#2', 'placement#3']);
    const due = new Set(ids.map((id) => deliveryItem(delivery(id)).gsi2pk));
    expect(due.size).toBe(WORK_QUEUES.deliveryDue.shards);
    const failed = new Set(ids.map((id) => deliveryItem(delivery(id, { status: 'failed' })).gsi2pk));
    expect([...failed].every((pk) => /^deliveries-failed#[0-7]$/.test(String(pk)))).toBe(true);
    const recovering = new Set(ids.map((id) => orderItem(order(id, { state: 'placing', updatedAt: at(1) })).gsi2pk));
    expect(recovering.size).toBe(WORK_QUEUES.recoverPlacing.shards);
    const unsettled = new Set(ids.map((id) => unsettledEntry({ id, firstUsedAtMs: 1 }).unsettledPk));
    expect(unsettled.size).toBe(UNSETTLED.shards);
  });

  it('an item leaves its work queue once it no longer waits', () => {
    expect(orderItem(order('x_1', { state: 'placed' })).gsi2pk).toBeUndefined();
    expect(deliveryItem(delivery('x_1', { status: 'succeeded', nextAttemptAt: null })).gsi2pk).toBeUndefined();
  });

  it('no key literal outside the key modules: adapters build keys only through them', () => {
    const keyLiteral = /[`'"](partner|order|orderid|delivery|deliveries|apikey|key|ext|rl|results|principal)#/;
    const offenders: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const path = join(dir, name);
        if (statSync(path).isDirectory()) walk(path);
        else if (path.endsWith('.ts') && !path.includes(join('adapters', 'dynamodb', 'keys'))) {
          readFileSync(path, 'utf8')
            .split('\n')
            .forEach((line, i) => {
              if (keyLiteral.test(line) && !line.trim().startsWith('//') && !line.trim().startsWith('*'))
                offenders.push(`${path}:${i + 1}`);
            });
        }
      }
    };
    for (const dir of ['shared', 'functions', 'infra', 'tools']) walk(dir);
    expect(offenders).toEqual([]);
  });
});
