import { describe, expect, it } from 'vitest';
import { contractImplementations, ids } from '../support/contract-stores.js';
import { at, delivery, keyRecord, order } from '../support/store-fixtures.js';

// The store contract (see store-contract.test.ts) for idempotency keys and webhook deliveries.

describe.each(contractImplementations())('store contract: %s', (_name, make) => {
  describe('idempotency keys', () => {
    it('an order is written with its request’s completed key, all or nothing, from the key version read', async () => {
      const { orders, keys } = await make();
      const claimed = keyRecord('ptr_a#k9', { phase: 'charging', version: 1 });
      await keys.put(claimed, null);
      const done = { ...claimed, status: 'COMPLETED' as const, phase: 'charged' as const, data: '{}', version: 2 };
      // Another request moved the key first: neither the order nor the key is written.
      expect(await orders.createCompleting(order('order_k9'), done, 0)).toBe('key_changed');
      expect(await orders.findById('order_k9')).toBeNull();
      expect(await keys.get('ptr_a#k9')).toEqual(claimed);
      expect(await orders.createCompleting(order('order_k9'), done, 1)).toBe('created');
      expect(await orders.findById('order_k9')).toEqual(order('order_k9'));
      expect(await keys.get('ptr_a#k9')).toEqual(done);
      // The order exists already (an earlier attempt wrote it): the stored one is answered, the key untouched.
      const again = { ...done, data: '{"again":true}', version: 3 };
      expect(await orders.createCompleting({ ...order('order_k9'), totalCents: 1 }, again, 2)).toEqual({
        exists: order('order_k9'),
      });
      expect(await keys.get('ptr_a#k9')).toEqual(done);
    });

    it('are claimed once and then written only from the version read', async () => {
      const { keys } = await make();
      expect(await keys.put(keyRecord('ptr_a#k1'), null)).toBe(true);
      expect(await keys.put(keyRecord('ptr_a#k1'), null)).toBe(false);
      expect(await keys.put(keyRecord('ptr_a#k1', { phase: 'charging', version: 2 }), 1)).toBe(true);
      expect(await keys.put(keyRecord('ptr_a#k1', { phase: 'charged', version: 3 }), 1)).toBe(false);
      expect(await keys.get('ptr_a#k1')).toEqual(keyRecord('ptr_a#k1', { phase: 'charging', version: 2 }));
      expect(await keys.get('ptr_a#none')).toBeNull();
    });

    it('unsettled are the records holding money, oldest first use first, up to the limit', async () => {
      const { keys } = await make();
      const first = (minute: number) => Date.parse(at(minute));
      await keys.put(keyRecord('k_late', { phase: 'charged', firstUsedAtMs: first(30) }), null);
      await keys.put(keyRecord('k_early', { phase: 'pending', firstUsedAtMs: first(10) }), null);
      await keys.put(keyRecord('k_mid', { phase: 'charging', firstUsedAtMs: first(20) }), null);
      await keys.put(keyRecord('k_claimed', { phase: 'claimed', firstUsedAtMs: first(1) }), null);
      await keys.put(keyRecord('k_done', { status: 'COMPLETED', phase: 'charged', firstUsedAtMs: first(2) }), null);
      expect(ids(await keys.unsettled(10))).toEqual(['k_early', 'k_mid', 'k_late']);
      expect(ids(await keys.unsettled(2))).toEqual(['k_early', 'k_mid']);
      await keys.put(keyRecord('k_early', { status: 'COMPLETED', phase: 'charged', version: 2 }), 1);
      expect(ids(await keys.unsettled(10))).toEqual(['k_mid', 'k_late']);
    });
  });

  describe('webhook deliveries', () => {
    it('are saved only from the version read', async () => {
      const { deliveries, seedDelivery } = await make();
      await seedDelivery(delivery('dlv_1'));
      const claimed = { ...delivery('dlv_1'), nextAttemptAt: at(5) };
      expect(await deliveries.save(claimed, 0)).toBe(true);
      expect(await deliveries.save(claimed, 0)).toBe(false);
      expect(await deliveries.get('dlv_1')).toEqual({ ...claimed, version: 1 });
      expect(await deliveries.get('dlv_none')).toBeNull();
    });

    it('due are the pending ones due by then, oldest first, up to the limit', async () => {
      const { deliveries, seedDelivery } = await make();
      for (const [id, minute] of [
        ['dlv_a', 30],
        ['dlv_b', 10],
        ['dlv_c', 20],
        ['dlv_d', 50],
      ] as const)
        await seedDelivery(delivery(id, { nextAttemptAt: at(minute) }));
      await seedDelivery(delivery('dlv_e', { status: 'succeeded', nextAttemptAt: null }));
      expect(ids(await deliveries.due(new Date(at(40)), 10))).toEqual(['dlv_b', 'dlv_c', 'dlv_a']);
      expect(ids(await deliveries.due(new Date(at(40)), 2))).toEqual(['dlv_b', 'dlv_c']);
    });

    it('a partner’s are listed newest first, by order and by status; failed ones of all partners page newest first', async () => {
      const { deliveries, seedDelivery } = await make();
      await seedDelivery(delivery('dlv_1', { createdAt: at(1) }));
      await seedDelivery(delivery('dlv_2', { createdAt: at(2), status: 'failed', nextAttemptAt: null }));
      await seedDelivery(delivery('dlv_3', { createdAt: at(3) }));
      await seedDelivery(
        delivery('dlv_4', { createdAt: at(4), partnerId: 'ptr_b', status: 'failed', nextAttemptAt: null }),
      );
      expect(ids(await deliveries.listForPartner('ptr_a', { limit: 10 }))).toEqual(['dlv_3', 'dlv_2', 'dlv_1']);
      expect(ids(await deliveries.listForPartner('ptr_a', { limit: 2 }))).toEqual(['dlv_3', 'dlv_2']);
      expect(ids(await deliveries.listForPartner('ptr_a', { orderId: 'order_dlv_1', limit: 10 }))).toEqual(['dlv_1']);
      expect(ids(await deliveries.listForPartner('ptr_a', { status: 'failed', limit: 10 }))).toEqual(['dlv_2']);
      const failed: string[] = [];
      let startKey: string | null = null;
      do {
        const page = await deliveries.listFailed({ limit: 1, startKey });
        expect(page.records.length).toBeLessThanOrEqual(1);
        failed.push(...ids(page.records));
        startKey = page.nextKey;
      } while (startKey);
      expect(failed).toEqual(['dlv_4', 'dlv_2']);
    });
  });
});
