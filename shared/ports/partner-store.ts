import type { ApiKeyRecord, Partner } from '../domain/partner.js';

export interface PartnerStore {
  create(partner: Partner): Promise<void>;
  get(id: string): Promise<Partner | null>;
  /** Replaces the partner's mutable fields. */
  update(partner: Partner): Promise<void>;
  /** Every partner, newest first, a page at a time (`nextKey` is an opaque position). */
  list(opts: { limit: number; startKey: string | null }): Promise<{ partners: Partner[]; nextKey: string | null }>;
  addKey(key: ApiKeyRecord): Promise<void>;
  findKeyByHash(hash: string): Promise<ApiKeyRecord | null>;
  getKey(partnerId: string, keyId: string): Promise<ApiKeyRecord | null>;
  /** Every key the partner was issued, revoked ones included, oldest first. */
  listKeys(partnerId: string): Promise<ApiKeyRecord[]>;
  revokeKey(key: ApiKeyRecord, revokedAt: string): Promise<void>;
}
