// Webhook signing secrets are stored sealed (envelope-encrypted under a key only the functions that
// sign webhooks and the rotation may use), so the ~25 roles that read partner items read no secret.
import { isPlainWebhookSecret, rotateWebhookSecret, type Partner } from '../domain/partner.js';
import { activeSecrets } from '../domain/webhooks/signed-request.js';
import type { PartnerStore } from '../ports/partner-store.js';
import type { SealingContext, SecretSealer } from '../ports/secret-sealer.js';

/** The IAM grants on the sealing key require this purpose in the encryption context. */
export const WEBHOOK_SECRET_PURPOSE = 'webhook-signing';

/** Binds a sealed secret to its partner: copied onto another partner, it does not open. */
export function webhookSecretContext(partnerId: string): SealingContext {
  return { purpose: WEBHOOK_SECRET_PURPOSE, partnerId };
}

/**
 * The secrets to sign with now, opened. A plain secret (stored before sealing began) is refused
 * rather than used, with an operator alert: rotating the partner's secret seals it.
 */
export async function openSigningSecrets(
  deps: { sealer: SecretSealer; alert: (event: string, ids: Record<string, string>) => void },
  partner: Partner,
  now: Date,
): Promise<string[]> {
  const opened: string[] = [];
  for (const stored of activeSecrets(partner, now)) {
    if (isPlainWebhookSecret(stored)) deps.alert('webhook_secret_unsealed', { partnerId: partner.id });
    else opened.push(await deps.sealer.open(stored, webhookSecretContext(partner.id)));
  }
  return opened;
}

export type RotationOutcome =
  | { ok: true; secret: string; createdAt: string; previousSecretsValidUntil: Array<string | null> }
  | { ok: false; reason: 'not_found' | 'contended' };

/**
 * Creates or rotates the partner's signing secret (the domain's rule: the previous one signs beside
 * it for `overlapHours`) and stores every secret sealed, a kept plain one included. The new list is
 * computed from the secrets read, so it is written only while they are still the stored ones (two
 * rotations at once: the second reads again); nothing else of the partner is touched.
 */
export interface RotationDeps {
  partners: PartnerStore;
  sealer: SecretSealer;
  now: () => Date;
}

export async function rotateSigningSecret(
  deps: RotationDeps,
  partnerId: string,
  overlapHours: number,
): Promise<RotationOutcome> {
  const context = webhookSecretContext(partnerId);
  for (let tries = 0; tries < 25; tries++) {
    const partner = await deps.partners.get(partnerId);
    if (!partner) return { ok: false, reason: 'not_found' };
    const now = deps.now();
    const { secrets, secret } = rotateWebhookSecret(partner, now, overlapHours);
    const sealed = await Promise.all(
      secrets.map(async (s) =>
        isPlainWebhookSecret(s.secret) ? { ...s, secret: await deps.sealer.seal(s.secret, context) } : s,
      ),
    );
    const secretsFrom = partner.webhookSecrets?.[0]?.secret ?? null;
    const written = await deps.partners.update(partnerId, { webhookSecrets: sealed }, now.toISOString(), {
      secretsFrom,
    });
    if (written === 'missing') return { ok: false, reason: 'not_found' };
    if (written === 'changed') continue;
    return {
      ok: true,
      secret,
      createdAt: now.toISOString(),
      previousSecretsValidUntil: sealed.slice(1).map((s) => s.expiresAt),
    };
  }
  // 25 rotations of one partner racing this one.
  return { ok: false, reason: 'contended' };
}
