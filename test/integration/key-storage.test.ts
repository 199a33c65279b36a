import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GetCommand, PutCommand, ScanCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { ensureTables, startDynamoDbLocal } from '../../infra/local/dynamodb-local.js';
import { createDocumentClient } from '../../shared/adapters/dynamodb/client.js';
import { DynamoPartnerStore } from '../../shared/adapters/dynamodb/partner-store.js';
import { TABLES } from '../../shared/adapters/dynamodb/tables.js';
import { partnerKeys } from '../../shared/adapters/dynamodb/keys/partners-table.js';
import { checkBearer, decideAuth, generateApiKey, hashApiKey, MAX_LIVE_KEYS } from '../../shared/domain/partner.js';
import { apiKey, partner } from '../support/store-fixtures.js';

let dynamo: Awaited<ReturnType<typeof startDynamoDbLocal>>;
beforeAll(async () => {
  dynamo = await startDynamoDbLocal({ dataDir: null });
  await ensureTables(dynamo.endpoint);
});
afterAll(async () => dynamo?.stop());

describe('API keys at rest', () => {
  it('are stored only as SHA-256 hashes: the key appears nowhere in the table', async () => {
    const db = createDocumentClient({ endpoint: dynamo.endpoint });
    const store = new DynamoPartnerStore(db, TABLES.partners.localName);
    const now = new Date().toISOString();
    await store.create({
      id: 'ptr_k',
      name: 'K',
      status: 'active',
      fees: { labCollectionCents: 1, physicianOrderCents: 1 },
      paymentMethod: null,
      stripeCustomerId: null,
      webhookUrl: null,
      createdAt: now,
      updatedAt: now,
    });
    const key = generateApiKey('test');
    await store.addKey({
      id: 'key_k',
      partnerId: 'ptr_k',
      environment: 'test',
      hash: hashApiKey(key),
      last4: key.slice(-4),
      createdAt: now,
      revokedAt: null,
    });
    const everything = JSON.stringify((await db.send(new ScanCommand({ TableName: TABLES.partners.localName }))).Items);
    expect(everything).not.toContain(key);
    expect(everything).not.toContain(key.slice(8, 30));
    expect(everything).toContain(hashApiKey(key));
    // And the stored hash authenticates the key.
    const check = checkBearer(`Bearer ${key}`, 'sandbox');
    expect(check.ok).toBe(true);
    if (check.ok)
      expect(decideAuth(check.hash, await store.findKeyByHash(check.hash), await store.get('ptr_k')).ok).toBe(true);
  }, 90_000);

  it('a key stored before keys carried their partner’s access still finds it, from the partner', async () => {
    const db = createDocumentClient({ endpoint: dynamo.endpoint });
    const store = new DynamoPartnerStore(db, TABLES.partners.localName);
    const now = new Date().toISOString();
    const fees = { labCollectionCents: 1, physicianOrderCents: 1 };
    await store.create({
      ...{ id: 'ptr_old', name: 'Old', status: 'suspended', fees, paymentMethod: null, stripeCustomerId: null },
      ...{ webhookUrl: null, usagePlanKey: 'upk_old', createdAt: now, updatedAt: now },
    });
    const key = { id: 'key_old', partnerId: 'ptr_old', environment: 'test' as const, hash: 'h-old', last4: 'abcd' };
    const Item = { ...partnerKeys.keyByHash('h-old'), key: { ...key, createdAt: now, revokedAt: null } };
    await db.send(new PutCommand({ TableName: TABLES.partners.localName, Item }));
    expect((await store.findKeyWithAccess('h-old'))?.access).toEqual({
      id: 'ptr_old',
      status: 'suspended',
      usagePlanKey: 'upk_old',
    });
  }, 90_000);

  it('secret comparisons are constant-time in the code that makes them', () => {
    for (const file of [
      'shared/domain/partner.ts',
      'shared/domain/cursor.ts',
      'shared/domain/webhooks/signature.ts',
      'infra/local/server.ts',
    ]) {
      const source = readFileSync(new URL(`../../${file}`, import.meta.url), 'utf8');
      expect(source, file).toContain('timingSafeEqual');
      expect(source, file).not.toMatch(
        /(hash|signature|sig|token|secret)\w*\s*===\s*\w*(hash|signature|sig|token|secret)/i,
      );
    }
  });
});

describe('the live-key cap under a race', () => {
  it('holds when a racing key is added between the version read and the key list of another', async () => {
    const db = createDocumentClient({ endpoint: dynamo.endpoint });
    // A client that holds the next read of the partner's profile until released: the slow side of
    // the race, whose other reads go out at once.
    let hold: { caught: () => void; release: Promise<void> } | null = null;
    const gated = new Proxy(db, {
      get(target, prop) {
        if (prop !== 'send') return Reflect.get(target, prop);
        return async (command: unknown) => {
          const h = hold;
          if (h && command instanceof GetCommand && command.input.Key?.sk === partnerKeys.profile('ptr_cap').sk) {
            hold = null;
            h.caught();
            await h.release;
          }
          return target.send(command as never);
        };
      },
    }) as DynamoDBDocumentClient;
    const store = new DynamoPartnerStore(db, TABLES.partners.localName);
    const slow = new DynamoPartnerStore(gated, TABLES.partners.localName);
    await store.create(partner('ptr_cap'));
    const key = (n: number) => apiKey(`key_cap_${n}`, 'ptr_cap');
    for (let n = 1; n < MAX_LIVE_KEYS; n++) await store.addKey(key(n));
    // One place left. The slow add reads the version only after the fast one has taken that place.
    let release = () => {};
    const caught = new Promise<void>((caught) => {
      hold = { caught, release: new Promise<void>((r) => (release = r)) };
    });
    const slowAdd = slow.addKey(key(100));
    await caught;
    expect(await store.addKey(key(99))).toBe('added');
    release();
    expect(await slowAdd).toBe('too_many_keys');
    expect((await store.listKeys('ptr_cap')).filter((k) => k.revokedAt === null)).toHaveLength(MAX_LIVE_KEYS);
  }, 90_000);
});
