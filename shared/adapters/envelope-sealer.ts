import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { SealingContext, SecretSealer } from '../ports/secret-sealer.js';

/**
 * Where data keys come from: a KMS key in AWS (kms-data-keys.ts), a local master key in the local
 * runtime (localDataKeys below). The envelope format and its checks are the same for both.
 */
export interface DataKeys {
  /** A fresh 256-bit data key, in plaintext and wrapped under the master key for this context. */
  generate(context: SealingContext): Promise<{ plaintext: Uint8Array; wrapped: Uint8Array }>;
  /** The data key of a wrapped one; throws when the context or the master key differs. */
  unwrap(wrapped: Uint8Array, context: SealingContext): Promise<Uint8Array>;
}

const PREFIX = 'sealed.v1.';
const b64 = (b: Uint8Array) => Buffer.from(b).toString('base64url');

/** The context as bytes, independent of key order: the authenticated data of every encryption. */
function contextBytes(context: SealingContext): Buffer {
  return Buffer.from(JSON.stringify(Object.entries(context).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))));
}

/** AES-256-GCM with the context as authenticated data: iv, ciphertext and tag. */
function encrypt(key: Uint8Array, plaintext: Uint8Array, context: SealingContext): Buffer[] {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv).setAAD(contextBytes(context));
  return [iv, Buffer.concat([cipher.update(plaintext), cipher.final()]), cipher.getAuthTag()];
}

function decrypt(key: Uint8Array, [iv, data, tag]: Buffer[], context: SealingContext): Buffer {
  if (!iv || iv.length !== 12 || !data || !tag || tag.length !== 16) throw new Error('malformed sealed secret');
  const decipher = createDecipheriv('aes-256-gcm', key, iv).setAAD(contextBytes(context)).setAuthTag(tag);
  return Buffer.concat([decipher.update(data), decipher.final()]);
}

/**
 * Seals with a new data key per value (no key material is cached: disabling the master key stops
 * every open at once): `sealed.v1.<wrapped data key>.<iv>.<ciphertext>.<tag>`, base64url parts.
 */
export function envelopeSealer(keys: DataKeys): SecretSealer {
  return {
    async seal(plaintext, context) {
      const key = await keys.generate(context);
      try {
        const parts = encrypt(key.plaintext, Buffer.from(plaintext, 'utf8'), context);
        return PREFIX + [key.wrapped, ...parts].map(b64).join('.');
      } finally {
        key.plaintext.fill(0);
      }
    },
    async open(sealed, context) {
      if (!sealed.startsWith(PREFIX)) throw new Error('not a sealed secret');
      const [wrapped, ...parts] = sealed
        .slice(PREFIX.length)
        .split('.')
        .map((p) => Buffer.from(p, 'base64url'));
      if (!wrapped || parts.length !== 3) throw new Error('malformed sealed secret');
      const key = await keys.unwrap(wrapped, context);
      try {
        return decrypt(key, parts, context).toString('utf8');
      } finally {
        key.fill(0);
      }
    },
  };
}

/**
 * Data keys wrapped by a local 256-bit master key (AES-256-GCM, the context authenticated): the
 * local runtime's stand-in for KMS, kept under DATA_DIR, so local runs exercise the envelope code.
 */
export function localDataKeys(masterKey: Uint8Array): DataKeys {
  if (masterKey.length !== 32) throw new Error('the local sealing key must be 32 bytes');
  return {
    async generate(context) {
      const plaintext = randomBytes(32);
      return { plaintext, wrapped: Buffer.concat(encrypt(masterKey, plaintext, context)) };
    },
    async unwrap(wrapped, context) {
      const w = Buffer.from(wrapped);
      return decrypt(masterKey, [w.subarray(0, 12), w.subarray(12, w.length - 16), w.subarray(w.length - 16)], context);
    },
  };
}
