import { shardOf, type ShardedIndex } from '../sharded-index.js';

// Every key of the partners table. It holds partners and their API keys, and no patient data,
// so the partner API's authorizer reads here and never holds access to the orders table.
//   partner#<id>     / profile       the partner
//   partner#<id>     / key#<keyId>   the partner's keys (for listing and revocation)
//   apikey#<sha256>  / apikey        a key found by its hash at authentication
//   gsi1: partners#<shard> / <createdAt>#<id>   profiles by creation, for the operator's list

export const PARTNER_PREFIX = 'partner#';
export const API_KEY_PREFIX = 'apikey#';

export const partnerKeys = {
  profile: (partnerId: string) => ({ pk: `${PARTNER_PREFIX}${partnerId}`, sk: 'profile' }),
  key: (partnerId: string, keyId: string) => ({ pk: `${PARTNER_PREFIX}${partnerId}`, sk: `key#${keyId}` }),
  /** Query: every key of one partner. */
  keysOf: (partnerId: string) => ({ pk: `${PARTNER_PREFIX}${partnerId}`, skPrefix: 'key#' }),
  keyByHash: (hash: string) => ({ pk: `${API_KEY_PREFIX}${hash}`, sk: 'apikey' }),
};

/** Every partner, newest first, for the operator: a sharded index (no partition takes every write). */
export const PARTNERS_BY_CREATION = {
  index: 'gsi1',
  partitionKey: 'gsi1pk',
  sortKey: 'gsi1sk',
  prefix: 'partners',
  shards: 4,
} as const satisfies Omit<ShardedIndex, 'table'>;

export function partnerListEntry(partner: { id: string; createdAt: string }) {
  return {
    gsi1pk: `${PARTNERS_BY_CREATION.prefix}#${shardOf(partner.id, PARTNERS_BY_CREATION.shards)}`,
    gsi1sk: `${partner.createdAt}#${partner.id}`,
  };
}
