import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { GenerateDataKeyCommand, type DecryptCommand } from '@aws-sdk/client-kms';
import { envelopeSealer, localDataKeys } from '../../shared/adapters/envelope-sealer.js';
import { kmsDataKeys } from '../../shared/adapters/kms-data-keys.js';
import { openSigningSecrets, rotateSigningSecret, webhookSecretContext } from '../../shared/app/webhook-secrets.js';
import { parseRuntimeEnv, sealingKeySource } from '../../shared/config/runtime-env.js';
import type { Partner } from '../../shared/domain/partner.js';
import { MemoryPartners } from '../support/memory-partners.js';
import { webhookPartner } from '../support/fakes.js';

const context = webhookSecretContext('ptr_1');
const local = () => envelopeSealer(localDataKeys(randomBytes(32)));

/** Answers as KMS does: a data key wrapped under its own key, opened only with the same context. */
function fakeKms() {
  const master = randomBytes(32);
  const inner = localDataKeys(master);
  const calls: Array<{ command: string; keyId?: string; context?: Record<string, string> }> = [];
  const client = {
    async send(command: GenerateDataKeyCommand | DecryptCommand) {
      const input = command.input as { KeyId?: string; EncryptionContext?: Record<string, string> };
      calls.push({ command: command.constructor.name, keyId: input.KeyId, context: input.EncryptionContext });
      const ctx = input.EncryptionContext ?? {};
      if (command instanceof GenerateDataKeyCommand) {
        const key = await inner.generate(ctx);
        return { Plaintext: key.plaintext, CiphertextBlob: key.wrapped };
      }
      try {
        return { Plaintext: await inner.unwrap(command.input.CiphertextBlob as Uint8Array, ctx) };
      } catch {
        throw Object.assign(new Error('InvalidCiphertextException'), { name: 'InvalidCiphertextException' });
      }
    },
  };
  return { client: client as never, calls };
}

describe('envelope sealing of secrets', () => {
  it('round-trips with the local key; the sealed form holds no plaintext and differs each time', async () => {
    const sealer = local();
    const a = await sealer.seal('whsec_plain', context);
    const b = await sealer.seal('whsec_plain', context);
    expect(a).toMatch(/^sealed\.v1\./);
    expect(a).not.toContain('whsec_plain');
    expect(a).not.toBe(b);
    expect(await sealer.open(a, context)).toBe('whsec_plain');
    // The context's key order does not matter.
    expect(await sealer.open(a, { partnerId: 'ptr_1', purpose: 'webhook-signing' })).toBe('whsec_plain');
  });

  it('fails under another context, another master key, or after tampering', async () => {
    const sealer = local();
    const sealed = await sealer.seal('whsec_plain', context);
    await expect(sealer.open(sealed, webhookSecretContext('ptr_2'))).rejects.toThrow();
    await expect(sealer.open(sealed, { ...context, extra: 'x' })).rejects.toThrow();
    await expect(local().open(sealed, context)).rejects.toThrow();
    const parts = sealed.split('.');
    const data = Buffer.from(parts[4] as string, 'base64url');
    data[0] = (data[0] as number) ^ 1;
    parts[4] = data.toString('base64url');
    await expect(sealer.open(parts.join('.'), context)).rejects.toThrow();
    await expect(sealer.open('whsec_plain', context)).rejects.toThrow('not a sealed secret');
    await expect(sealer.open('sealed.v1.abc', context)).rejects.toThrow('malformed');
  });

  it('with KMS: GenerateDataKey to seal and Decrypt to open, both naming the key and the context', async () => {
    const kms = fakeKms();
    const sealer = envelopeSealer(kmsDataKeys({ keyId: 'arn:aws:kms:eu-west-1:1:key/k', client: kms.client }));
    const sealed = await sealer.seal('whsec_kms', context);
    expect(await sealer.open(sealed, context)).toBe('whsec_kms');
    await expect(sealer.open(sealed, webhookSecretContext('ptr_2'))).rejects.toThrow('InvalidCiphertext');
    expect(kms.calls.map((c) => c.command)).toEqual(['GenerateDataKeyCommand', 'DecryptCommand', 'DecryptCommand']);
    for (const c of kms.calls.slice(0, 2)) {
      expect(c.keyId).toBe('arn:aws:kms:eu-west-1:1:key/k');
      expect(c.context).toEqual({ purpose: 'webhook-signing', partnerId: 'ptr_1' });
    }
  });

  it('the sealing key: KMS when named; a deployed function without it stops; the local key must be 32 bytes', () => {
    const env = (vars: Record<string, string>) => parseRuntimeEnv({ SERVICE_ENVIRONMENT: 'sandbox', ...vars });
    expect(sealingKeySource(env({ WEBHOOK_KEY_ARN: 'arn:k' }))).toEqual({ kmsKeyId: 'arn:k' });
    const key = randomBytes(32).toString('base64url');
    expect(sealingKeySource(env({ WEBHOOK_SEALING_KEY: key }))).toEqual({ localKey: Buffer.from(key, 'base64url') });
    expect(() => sealingKeySource(env({}))).toThrow('WEBHOOK_KEY_ARN');
    const deployed = { AWS_LAMBDA_FUNCTION_NAME: 'f', PUBLIC_BASE_URL: 'https://x.example' };
    expect(() => sealingKeySource(env({ ...deployed, WEBHOOK_SEALING_KEY: key }))).toThrow('WEBHOOK_KEY_ARN');
    expect(() => sealingKeySource(env({ WEBHOOK_SEALING_KEY: 'short' }))).toThrow('32 bytes');
  });
});

/** One partner in the in-memory store (held to the DynamoDB store's contract, its guard included). */
function partnerStore(partner: Partner) {
  const store = new MemoryPartners();
  store.partners.set(partner.id, structuredClone(partner));
  return { store, stored: () => store.partners.get(partner.id) as Partner };
}

describe('webhook signing secrets at rest', () => {
  const partner = webhookPartner('whsec_legacy');
  const now = new Date('2026-11-24T10:00:00.000Z');

  it('senders refuse a plain secret with an operator alert; a rotation seals it and the new one', async () => {
    const sealer = local();
    const alerts: Array<[string, Record<string, string>]> = [];
    const deps = { sealer, alert: (event: string, ids: Record<string, string>) => alerts.push([event, ids]) };
    expect(await openSigningSecrets(deps, partner, now)).toEqual([]);
    expect(alerts).toEqual([['webhook_secret_unsealed', { partnerId: 'ptr_1' }]]);

    const { store, stored } = partnerStore(partner);
    const outcome = await rotateSigningSecret({ partners: store, sealer, now: () => now }, 'ptr_1', 24);
    if (!outcome.ok) throw new Error(outcome.reason);
    expect(outcome.previousSecretsValidUntil).toEqual(['2026-11-25T10:00:00.000Z']);
    const json = JSON.stringify(stored());
    expect(json).not.toContain('whsec_');
    expect(stored().webhookSecrets?.every((s) => s.secret.startsWith('sealed.v1.'))).toBe(true);
    expect(await openSigningSecrets(deps, stored(), now)).toEqual([outcome.secret, 'whsec_legacy']);
    expect(alerts).toHaveLength(1);
  });

  it('a rotation with no overlap leaves only the new secret; an unknown partner is not found', async () => {
    const sealer = local();
    const { store, stored } = partnerStore(partner);
    const deps = { partners: store, sealer, now: () => now };
    const first = await rotateSigningSecret(deps, 'ptr_1', 24);
    const second = await rotateSigningSecret(deps, 'ptr_1', 0);
    if (!first.ok || !second.ok) throw new Error('rotation failed');
    expect(second.previousSecretsValidUntil).toEqual([]);
    expect(await openSigningSecrets({ sealer, alert: () => undefined }, stored(), now)).toEqual([second.secret]);
    expect(await rotateSigningSecret(deps, 'ptr_9', 24)).toEqual({ ok: false, reason: 'not_found' });
  });

  it('a secret sealed for one partner does not open as another’s', async () => {
    const sealer = local();
    const { store, stored } = partnerStore(partner);
    await rotateSigningSecret({ partners: store, sealer, now: () => now }, 'ptr_1', 0);
    const copied = { ...stored(), id: 'ptr_2' };
    await expect(openSigningSecrets({ sealer, alert: () => undefined }, copied, now)).rejects.toThrow();
  });
});
