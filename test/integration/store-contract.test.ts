import { describe, expect, it } from 'vitest';
import { contractImplementations, ids } from '../support/contract-stores.js';
import { apiKey, at, order, partner } from '../support/store-fixtures.js';
import { MAX_LIVE_KEYS, type ApiKeyRecord } from '../../shared/domain/partner.js';

// The same cases against the in-memory fakes the unit tests use and the DynamoDB adapters on
// DynamoDB Local: a fake that drifts from the real store fails here, not in production.
// Idempotency keys and webhook deliveries are in store-contract-keys.test.ts.

describe.each(contractImplementations())('store contract: %s', (_name, make) => {
  describe('orders', () => {
    it('are read back by their partner only; creating the same id again keeps the first', async () => {
      const { orders } = await make();
      const first = order('order_1', { metadata: { ref: 'a' } });
      await orders.create(first);
      expect(await orders.get('ptr_a', 'order_1')).toEqual(first);
      expect(await orders.get('ptr_b', 'order_1')).toBeNull();
      expect(await orders.create({ ...first, totalCents: 999 })).toEqual(first);
      expect(await orders.findById('order_1')).toEqual(first);
      expect(await orders.findById('order_none')).toBeNull();
    });

    it('list a partner’s orders newest first, page by page, and by externalId', async () => {
      const { orders } = await make();
      for (const id of ['order_1', 'order_2', 'order_3', 'order_4', 'order_5'])
        await orders.create(order(id, { externalId: id === 'order_2' || id === 'order_4' ? 'ext-1' : null }));
      await orders.create(order('order_6', { partnerId: 'ptr_b', externalId: 'ext-1' }));
      const seen: string[] = [];
      let startKey: string | null = null;
      do {
        const page = await orders.list('ptr_a', { limit: 2, startKey });
        seen.push(...ids(page.orders));
        startKey = page.nextKey;
      } while (startKey);
      expect(seen).toEqual(['order_5', 'order_4', 'order_3', 'order_2', 'order_1']);
      const byExternal = await orders.list('ptr_a', { limit: 10, startKey: null, externalId: 'ext-1' });
      expect(ids(byExternal.orders)).toEqual(['order_4', 'order_2']);
    });

    it('move only from the version and states read: a stale or wrong-state transition changes nothing', async () => {
      const { orders } = await make();
      const o = await orders.create(order('order_1'));
      const moved = await orders.transition(o, ['scheduled'], { state: 'placing', updatedAt: at(1) });
      expect(moved).toMatchObject({ state: 'placing', version: 2 });
      expect(await orders.transition(o, ['scheduled'], { state: 'cancelled' })).toBeNull();
      expect(await orders.transition(moved as never, ['scheduled'], { state: 'cancelled' })).toBeNull();
      expect(await orders.get('ptr_a', 'order_1')).toMatchObject({ state: 'placing', version: 2 });
    });

    it('placements due are the scheduled ones due by then, oldest first, up to the limit', async () => {
      const { orders } = await make();
      for (const [id, minute] of [
        ['order_a', 30],
        ['order_b', 10],
        ['order_c', 20],
        ['order_d', 50],
      ] as const)
        await orders.create(order(id, { placementDueAt: at(minute) }));
      await orders.create(order('order_e', { state: 'placing', placementDueAt: at(5) }));
      expect(ids(await orders.duePlacements(new Date(at(40)), 10))).toEqual(['order_b', 'order_c', 'order_a']);
      expect(ids(await orders.duePlacements(new Date(at(40)), 2))).toEqual(['order_b', 'order_c']);
    });

    it('orders left part-way are found by kind and last update, and forgotten once they move on', async () => {
      const { orders } = await make();
      const pending = {
        status: 'refund_pending',
        amountCents: 0,
        currency: 'usd',
        paymentIntentId: 'pi',
        refundId: null,
      };
      await orders.create(order('order_placing', { state: 'placing', updatedAt: at(5) }));
      await orders.create(order('order_placing_late', { state: 'placing', updatedAt: at(30) }));
      await orders.create(
        order('order_held', { state: 'placing', updatedAt: at(5), simulation: { placement: 'held' } }),
      );
      const placed = await orders.create(
        order('order_placed', { state: 'placed', requisitionNumber: 'RQ1', updatedAt: at(5) }),
      );
      await orders.create(order('order_refund', { state: 'cancelled', payment: pending as never, updatedAt: at(5) }));
      await orders.create(
        order('order_fine', { state: 'requisition_issued', requisitionNumber: 'RQ2', requisitionIssuedAt: at(5) }),
      );
      expect(ids(await orders.needsRecovery('placing', new Date(at(20)), 25))).toEqual(['order_placing']);
      expect(ids(await orders.needsRecovery('placing', new Date(at(40)), 25))).toEqual([
        'order_placing',
        'order_placing_late',
      ]);
      expect(ids(await orders.needsRecovery('requisition', new Date(at(20)), 25))).toEqual(['order_placed']);
      expect(ids(await orders.needsRecovery('refund', new Date(at(20)), 25))).toEqual(['order_refund']);
      await orders.transition(placed, ['placed'], {
        state: 'requisition_issued',
        requisitionIssuedAt: at(21),
        updatedAt: at(21),
      });
      expect(await orders.needsRecovery('requisition', new Date(at(59)), 25)).toEqual([]);
      expect(ids(await orders.awaitingResults(new Date(at(59)), 25))).toEqual(['order_fine', 'order_placed']);
      expect(ids(await orders.awaitingResults(new Date(at(10)), 25))).toEqual(['order_fine']);
    });
  });

  describe('partners', () => {
    it('are created once, read back, and updated field by field', async () => {
      const { partners } = await make();
      await partners.create(partner('ptr_a'));
      await expect(partners.create(partner('ptr_a'))).rejects.toThrow();
      expect(await partners.get('ptr_a')).toEqual(partner('ptr_a'));
      expect(await partners.get('ptr_none')).toBeNull();
      const updated = await partners.update('ptr_a', { name: 'Renamed', webhookUrl: undefined }, at(9));
      expect(updated).toEqual({ ...partner('ptr_a'), name: 'Renamed', updatedAt: at(9) });
      expect(await partners.update('ptr_none', { name: 'X' }, at(9))).toBe('missing');
    });

    it('a secrets change computed from stale secrets is refused', async () => {
      const { partners } = await make();
      await partners.create(partner('ptr_a'));
      const secrets = [{ secret: 'whsec_1', createdAt: at(1), expiresAt: null }];
      expect(await partners.update('ptr_a', { webhookSecrets: secrets }, at(1), { secretsFrom: null })).toMatchObject({
        webhookSecrets: secrets,
      });
      expect(await partners.update('ptr_a', { webhookSecrets: [] }, at(2), { secretsFrom: null })).toBe('changed');
      expect(await partners.update('ptr_a', { webhookSecrets: [] }, at(2), { secretsFrom: 'whsec_0' })).toBe('changed');
      expect(await partners.update('ptr_a', { webhookSecrets: [] }, at(2), { secretsFrom: 'whsec_1' })).toMatchObject({
        webhookSecrets: [],
      });
    });

    it('are listed newest first, page by page', async () => {
      const { partners } = await make();
      for (const [id, minute] of [
        ['ptr_a', 3],
        ['ptr_b', 1],
        ['ptr_c', 5],
        ['ptr_d', 2],
        ['ptr_e', 4],
      ] as const)
        await partners.create(partner(id, { createdAt: at(minute) }));
      const seen: string[] = [];
      let startKey: string | null = null;
      do {
        const page = await partners.list({ limit: 2, startKey });
        seen.push(...ids(page.partners));
        startKey = page.nextKey;
      } while (startKey);
      expect(seen).toEqual(['ptr_c', 'ptr_e', 'ptr_a', 'ptr_d', 'ptr_b']);
    });

    it('keys are found by hash, listed per partner oldest first, and revoked everywhere at once', async () => {
      const { partners } = await make();
      await partners.create(partner('ptr_a'));
      await partners.addKey(apiKey('key_2', 'ptr_a'));
      await partners.addKey(apiKey('key_1', 'ptr_a'));
      await partners.addKey(apiKey('key_3', 'ptr_b'));
      await expect(partners.addKey(apiKey('key_4', 'ptr_a', { hash: 'hash-of-key_1' }))).rejects.toThrow();
      expect(await partners.findKeyByHash('hash-of-key_1')).toEqual(apiKey('key_1', 'ptr_a'));
      expect(await partners.findKeyByHash('hash-of-none')).toBeNull();
      expect(await partners.getKey('ptr_b', 'key_1')).toBeNull();
      expect(ids(await partners.listKeys('ptr_a'))).toEqual(['key_1', 'key_2']);
      await partners.revokeKey(apiKey('key_1', 'ptr_a'), at(7));
      expect((await partners.findKeyByHash('hash-of-key_1'))?.revokedAt).toBe(at(7));
      expect((await partners.getKey('ptr_a', 'key_1'))?.revokedAt).toBe(at(7));
    });

    it('a key asked to be filed only under an existing partner is not written for an unknown one', async () => {
      const { partners } = await make();
      await partners.create(partner('ptr_a'));
      expect(await partners.addKey(apiKey('key_1', 'ptr_a'), { ifPartnerExists: true })).toBe('added');
      expect(await partners.addKey(apiKey('key_2', 'ptr_none'), { ifPartnerExists: true })).toBe('no_partner');
      expect(await partners.findKeyByHash('hash-of-key_2')).toBeNull();
      expect(await partners.listKeys('ptr_none')).toEqual([]);
      expect((await partners.findKeyWithAccess('hash-of-key_1'))?.access).toMatchObject({ id: 'ptr_a' });
    });

    it('a key carries its partner’s access, in step with every status or usage-plan change', async () => {
      const { partners } = await make();
      const access = async (keyId: string) => (await partners.findKeyWithAccess(`hash-of-${keyId}`))?.access;
      await partners.create(partner('ptr_a', { usagePlanKey: 'upk_1' }));
      await partners.addKey(apiKey('key_1', 'ptr_a'));
      await partners.addKey(apiKey('key_2', 'ptr_a'));
      await partners.revokeKey(apiKey('key_2', 'ptr_a'), at(1));
      expect(await access('key_1')).toEqual({ id: 'ptr_a', status: 'active', usagePlanKey: 'upk_1' });
      expect(await partners.findKeyWithAccess('hash-of-none')).toBeNull();
      // Suspension reaches the key at once; a key issued while suspended is suspended too.
      const suspended = await partners.update('ptr_a', { status: 'suspended' }, at(2));
      expect(suspended).toMatchObject({ status: 'suspended', updatedAt: at(2), usagePlanKey: 'upk_1' });
      expect(await access('key_1')).toEqual({ id: 'ptr_a', status: 'suspended', usagePlanKey: 'upk_1' });
      await partners.addKey(apiKey('key_3', 'ptr_a'));
      expect(await access('key_3')).toMatchObject({ status: 'suspended' });
      await partners.update('ptr_a', { status: 'active', usagePlanKey: 'upk_2' }, at(3));
      for (const k of ['key_1', 'key_3'])
        expect(await access(k)).toEqual({ id: 'ptr_a', status: 'active', usagePlanKey: 'upk_2' });
      expect(await partners.update('ptr_none', { status: 'suspended' }, at(4))).toBe('missing');
      // Keys issued during a suspension never keep the old status.
      await Promise.all([
        partners.update('ptr_a', { status: 'suspended' }, at(5)),
        ...['key_4', 'key_5', 'key_6'].map((k) => partners.addKey(apiKey(k, 'ptr_a'))),
      ]);
      for (const k of ['key_1', 'key_3', 'key_4', 'key_5', 'key_6'])
        expect(await access(k)).toMatchObject({ status: 'suspended' });
    });

    it(`a partner holds at most ${MAX_LIVE_KEYS} live keys, two added at once included; a revoked one frees a place; its status still reaches all`, async () => {
      const { partners } = await make();
      await partners.create(partner('ptr_a'));
      const key = (n: number) => apiKey(`key_${String(n).padStart(3, '0')}`, 'ptr_a');
      for (let n = 1; n < MAX_LIVE_KEYS - 1; n++) await partners.addKey(key(n));
      // At MAX_LIVE_KEYS - 2 live keys, three at once: two fit, the third finds the cap.
      const raced = await Promise.all([98, 99, 100].map((n) => partners.addKey(key(n))));
      expect(raced.filter((r) => r === 'added')).toHaveLength(2);
      expect(raced.filter((r) => r === 'too_many_keys')).toHaveLength(1);
      expect(await partners.addKey(key(101), { ifPartnerExists: true })).toBe('too_many_keys');
      const live = (await partners.listKeys('ptr_a')).filter((k) => k.revokedAt === null);
      expect(live).toHaveLength(MAX_LIVE_KEYS);
      await partners.revokeKey(live[0] as ApiKeyRecord, at(1));
      expect(await partners.addKey(key(102))).toBe('added');
      expect(await partners.update('ptr_a', { status: 'suspended' }, at(2))).toMatchObject({ status: 'suspended' });
      expect((await partners.findKeyWithAccess('hash-of-key_102'))?.access).toMatchObject({ status: 'suspended' });
    }, 60_000);
  });
});
