import { accessOf, MAX_LIVE_KEYS, type ApiKeyRecord, type Partner } from '../../shared/domain/partner.js';
import type { PartnerChanges, PartnerStore } from '../../shared/ports/partner-store.js';

/** Partners and their keys in memory, held to the same contract as the DynamoDB store. */
export class MemoryPartners implements PartnerStore {
  readonly partners = new Map<string, Partner>();
  readonly keys = new Map<string, ApiKeyRecord>();

  async create(partner: Partner) {
    if (this.partners.has(partner.id)) throw new Error(`partner ${partner.id} exists`);
    this.partners.set(partner.id, structuredClone(partner));
  }
  async get(id: string) {
    const p = this.partners.get(id);
    return p ? structuredClone(p) : null;
  }
  async update(id: string, changes: PartnerChanges, updatedAt: string, guard?: { secretsFrom: string | null }) {
    const cur = this.partners.get(id);
    if (!cur) return 'missing' as const;
    if (guard && (cur.webhookSecrets?.[0]?.secret ?? null) !== guard.secretsFrom) return 'changed' as const;
    const named = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined));
    const next = { ...cur, ...named, updatedAt };
    this.partners.set(id, next);
    return structuredClone(next);
  }
  async list(opts: { limit: number; startKey: string | null }) {
    const all = [...this.partners.values()].sort((a, b) =>
      `${b.createdAt}#${b.id}`.localeCompare(`${a.createdAt}#${a.id}`),
    );
    const from = Number(opts.startKey ?? 0);
    const next = from + opts.limit < all.length ? String(from + opts.limit) : null;
    return { partners: all.slice(from, from + opts.limit).map((p) => structuredClone(p)), nextKey: next };
  }
  async addKey(key: ApiKeyRecord, opts: { ifPartnerExists?: boolean } = {}) {
    const exists = this.partners.has(key.partnerId);
    if (opts.ifPartnerExists && !exists) return 'no_partner' as const;
    const live = [...this.keys.values()].filter((k) => k.partnerId === key.partnerId && k.revokedAt === null);
    if (exists && live.length >= MAX_LIVE_KEYS) return 'too_many_keys' as const;
    if ([...this.keys.values()].some((k) => k.hash === key.hash)) throw new Error('key hash exists');
    this.keys.set(key.id, structuredClone(key));
    return 'added' as const;
  }
  async findKeyByHash(hash: string) {
    const k = [...this.keys.values()].find((x) => x.hash === hash);
    return k ? structuredClone(k) : null;
  }
  async findKeyWithAccess(hash: string) {
    const key = await this.findKeyByHash(hash);
    const partner = key ? this.partners.get(key.partnerId) : undefined;
    return key ? { key, access: partner ? accessOf(partner) : null } : null;
  }
  async getKey(partnerId: string, keyId: string) {
    const k = this.keys.get(keyId);
    return k && k.partnerId === partnerId ? structuredClone(k) : null;
  }
  async listKeys(partnerId: string) {
    return [...this.keys.values()]
      .filter((k) => k.partnerId === partnerId)
      .sort((a, b) => (a.id < b.id ? -1 : 1))
      .map((k) => structuredClone(k));
  }
  async revokeKey(key: ApiKeyRecord, revokedAt: string) {
    const cur = this.keys.get(key.id);
    if (cur) this.keys.set(key.id, { ...cur, revokedAt });
  }
}
