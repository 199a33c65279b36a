import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

export type PartnerStatus = 'active' | 'suspended';
export type KeyEnvironment = 'test' | 'live';
export type ServiceEnvironment = 'sandbox' | 'production';

export interface PartnerFees {
  labCollectionCents: number;
  physicianOrderCents: number;
}

export interface Partner {
  id: string;
  name: string;
  status: PartnerStatus;
  fees: PartnerFees;
  /** The partner's payment method on file (a Stripe PaymentMethod id), or null. */
  paymentMethod: string | null;
  /** The partner's Stripe customer, when it has one. */
  stripeCustomerId: string | null;
  webhookUrl: string | null;
  /**
   * Webhook signing secrets: the current one (expiresAt null) and any rotated out, until their
   * overlap ends. Stored sealed (envelope-encrypted, shared/app/webhook-secrets.ts); a plain
   * `whsec_` value is one written before sealing, which senders refuse and a rotation seals.
   */
  webhookSecrets?: Array<{ secret: string; createdAt: string; expiresAt: string | null }>;
  /** The API Gateway usage-plan key value that throttles this partner (AWS only). */
  usagePlanKey?: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface ApiKeyRecord {
  id: string;
  partnerId: string;
  environment: KeyEnvironment;
  /** SHA-256 of the full key, hex. The key itself is never stored. */
  hash: string;
  last4: string;
  createdAt: string;
  revokedAt: string | null;
}

/** What authentication needs of a partner: its id, whether it may call, its usage-plan key. */
/**
 * The most live (unrevoked) API keys a partner may hold. A change of the partner's status or
 * usage-plan key reaches every live key's copy of its access in one transaction with the profile,
 * and a transaction holds at most 100 items.
 */
export const MAX_LIVE_KEYS = 99;

export type KeyAccess = Pick<Partner, 'id' | 'status'> & { usagePlanKey: string | null };

export function accessOf(partner: Partner): KeyAccess {
  return { id: partner.id, status: partner.status, usagePlanKey: partner.usagePlanKey ?? null };
}

const KEY_PATTERN = /^sk_(test|live)_([A-Za-z0-9]{32})$/;
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

export function environmentForKey(env: ServiceEnvironment): KeyEnvironment {
  return env === 'production' ? 'live' : 'test';
}

/** A new secret key: the environment in its prefix, 32 random base62 characters after it. */
export function generateApiKey(environment: KeyEnvironment): string {
  const bytes = randomBytes(32);
  let body = '';
  // 248 = 4 * 62: rejection keeps the characters uniform.
  for (let i = 0; body.length < 32; i++) {
    const b = i < bytes.length ? (bytes[i] as number) : (randomBytes(1)[0] as number);
    if (b < 248) body += ALPHABET[b % 62];
  }
  return `sk_${environment}_${body}`;
}

export function hashApiKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

export function hashesEqual(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && timingSafeEqual(x, y);
}

export type KeyCheck = { ok: true; hash: string } | { ok: false; code: 'invalid_api_key' | 'wrong_environment' };

/** Decodes an Authorization header value, before any look-up. */
export function checkBearer(header: string | undefined, deployment: ServiceEnvironment): KeyCheck {
  const m = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  const key = m?.[1];
  const parts = key ? KEY_PATTERN.exec(key) : null;
  if (!key || !parts) return { ok: false, code: 'invalid_api_key' };
  if (parts[1] !== environmentForKey(deployment)) return { ok: false, code: 'wrong_environment' };
  return { ok: true, hash: hashApiKey(key) };
}

export type AuthDecision =
  | { ok: true; partnerId: string; keyId: string; environment: KeyEnvironment }
  | { ok: false; code: 'invalid_api_key' | 'wrong_environment' | 'partner_suspended' };

/** The authentication rule once the store has looked up the key's hash. */
export function decideAuth(
  hash: string,
  key: ApiKeyRecord | null,
  partner: Pick<Partner, 'id' | 'status'> | null,
): AuthDecision {
  if (!key || !hashesEqual(key.hash, hash) || key.revokedAt !== null || !partner)
    return { ok: false, code: 'invalid_api_key' };
  if (partner.status === 'suspended') return { ok: false, code: 'partner_suspended' };
  return { ok: true, partnerId: partner.id, keyId: key.id, environment: key.environment };
}

const WEBHOOK_SECRET_PREFIX = 'whsec_';

/** A new webhook signing secret. */
export function generateWebhookSecret(): string {
  return `${WEBHOOK_SECRET_PREFIX}${randomBytes(32).toString('base64url')}`;
}

/** A secret as generated, not sealed: never stored so since sealing began. */
export function isPlainWebhookSecret(stored: string): boolean {
  return stored.startsWith(WEBHOOK_SECRET_PREFIX);
}

/**
 * Rotation that breaks no receiver: the new secret signs from now on, the previous one keeps
 * signing alongside it (two v1= entries) for `overlapHours`, so a receiver can switch at leisure.
 */
export function rotateWebhookSecret(
  partner: Pick<Partner, 'webhookSecrets'>,
  now: Date,
  overlapHours: number,
): { secrets: NonNullable<Partner['webhookSecrets']>; secret: string } {
  const secret = generateWebhookSecret();
  const overlapEnds = new Date(now.getTime() + overlapHours * 3600_000).toISOString();
  const kept = (partner.webhookSecrets ?? [])
    .filter((s) => s.expiresAt === null || Date.parse(s.expiresAt) > now.getTime())
    // A rotation never lengthens an older secret's life; no overlap (after a leak) retires them all now.
    .map((s) => ({
      ...s,
      expiresAt: s.expiresAt !== null && Date.parse(s.expiresAt) < Date.parse(overlapEnds) ? s.expiresAt : overlapEnds,
    }))
    .filter((s) => Date.parse(s.expiresAt) > now.getTime());
  return { secrets: [{ secret, createdAt: now.toISOString(), expiresAt: null }, ...kept], secret };
}
