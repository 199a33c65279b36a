import type { ApiKeyRecord, KeyAccess, Partner } from '../domain/partner.js';

/** The fields of a partner that change after creation; an update writes only those it names. */
export type PartnerChanges = Partial<
  Pick<
    Partner,
    'name' | 'status' | 'fees' | 'paymentMethod' | 'stripeCustomerId' | 'webhookUrl' | 'webhookSecrets' | 'usagePlanKey'
  >
>;

export type AddKeyOutcome = 'added' | 'no_partner' | 'too_many_keys';

export interface PartnerStore {
  create(partner: Partner): Promise<void>;
  get(id: string): Promise<Partner | null>;
  /**
   * Writes only the named fields (and updatedAt), so two operators changing different things at
   * once never undo each other. With `secretsFrom`, the write happens only while the partner's
   * newest webhook secret is still that one (null: none yet): a change computed from the secrets
   * it read. Returns the partner as stored after the write; 'missing' when there is no such
   * partner; 'changed' when the secrets moved meanwhile (read again and recompute).
   */
  update(
    id: string,
    changes: PartnerChanges,
    updatedAt: string,
    guard?: { secretsFrom: string | null },
  ): Promise<Partner | 'missing' | 'changed'>;
  /** Every partner, newest first, a page at a time (`nextKey` is an opaque position). */
  list(opts: { limit: number; startKey: string | null }): Promise<{ partners: Partner[]; nextKey: string | null }>;
  /**
   * Files a key under its partner (carrying the partner's access). With `ifPartnerExists`, a key
   * for no partner is not written (`no_partner`): the read that finds the partner is the one the
   * write needs anyway, so the caller need not read the partner first. A partner that already holds
   * MAX_LIVE_KEYS live keys gets no more (`too_many_keys`), even when two keys are added at once.
   */
  addKey(key: ApiKeyRecord, opts?: { ifPartnerExists?: boolean }): Promise<AddKeyOutcome>;
  findKeyByHash(hash: string): Promise<ApiKeyRecord | null>;
  /**
   * What authentication needs, in one read where the store can: the key found by its hash and
   * its partner's access (status, usage-plan key), kept on the key in step with the partner.
   */
  findKeyWithAccess(hash: string): Promise<{ key: ApiKeyRecord; access: KeyAccess | null } | null>;
  getKey(partnerId: string, keyId: string): Promise<ApiKeyRecord | null>;
  /** Every key the partner was issued, revoked ones included, oldest first. */
  listKeys(partnerId: string): Promise<ApiKeyRecord[]>;
  revokeKey(key: ApiKeyRecord, revokedAt: string): Promise<void>;
}
