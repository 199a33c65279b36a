import { DecryptCommand, GenerateDataKeyCommand, KMSClient } from '@aws-sdk/client-kms';
import type { DataKeys } from './envelope-sealer.js';
import { sdkClientConfig } from './local-endpoint.js';

/**
 * Data keys from AWS KMS: GenerateDataKey to seal, Decrypt to open, both with the encryption
 * context (which the IAM grants also require, so a role may use the key for this purpose only).
 * Decrypt names the key, so a blob wrapped by any other key is refused.
 */
export function kmsDataKeys(opts: { keyId: string; client?: Pick<KMSClient, 'send'> }): DataKeys {
  const client = opts.client ?? new KMSClient(sdkClientConfig(undefined));
  return {
    async generate(context) {
      const r = await client.send(
        new GenerateDataKeyCommand({ KeyId: opts.keyId, KeySpec: 'AES_256', EncryptionContext: { ...context } }),
      );
      if (!r.Plaintext || !r.CiphertextBlob) throw new Error('KMS returned no data key');
      return { plaintext: r.Plaintext, wrapped: r.CiphertextBlob };
    },
    async unwrap(wrapped, context) {
      const r = await client.send(
        new DecryptCommand({ KeyId: opts.keyId, CiphertextBlob: wrapped, EncryptionContext: { ...context } }),
      );
      if (!r.Plaintext) throw new Error('KMS returned no plaintext');
      return r.Plaintext;
    },
  };
}
