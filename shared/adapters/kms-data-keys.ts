import type * as KmsSdk from '@aws-sdk/client-kms';
import type { KMSClient } from '@aws-sdk/client-kms';
import type { DataKeys } from './envelope-sealer.js';
import { sdkClientConfig } from './local-endpoint.js';

/**
 * Data keys from AWS KMS: GenerateDataKey to seal, Decrypt to open, both with the encryption
 * context (which the IAM grants also require, so a role may use the key for this purpose only).
 * Decrypt names the key, so a blob wrapped by any other key is refused.
 *
 * The KMS client is loaded with the first seal or open (a chunk of its own in the Lambda bundle):
 * every function that can move an order carries it for the webhook's first attempt, and many of
 * their invocations never send one. A flow that will send starts the open in a store wait
 * (shared/app/deliver-webhook.ts, prepareAttempt), so the load runs there.
 */
export function kmsDataKeys(opts: { keyId: string; client?: Pick<KMSClient, 'send'> }): DataKeys {
  let loaded: Promise<{ sdk: typeof KmsSdk; client: Pick<KMSClient, 'send'> }> | null = null;
  const kms = () =>
    (loaded ??= import('@aws-sdk/client-kms').then((sdk) => ({
      sdk,
      client: opts.client ?? new sdk.KMSClient(sdkClientConfig(undefined)),
    })));
  return {
    async generate(context) {
      const { sdk, client } = await kms();
      const r = await client.send(
        new sdk.GenerateDataKeyCommand({ KeyId: opts.keyId, KeySpec: 'AES_256', EncryptionContext: { ...context } }),
      );
      if (!r.Plaintext || !r.CiphertextBlob) throw new Error('KMS returned no data key');
      return { plaintext: r.Plaintext, wrapped: r.CiphertextBlob };
    },
    async unwrap(wrapped, context) {
      const { sdk, client } = await kms();
      const r = await client.send(
        new sdk.DecryptCommand({ KeyId: opts.keyId, CiphertextBlob: wrapped, EncryptionContext: { ...context } }),
      );
      if (!r.Plaintext) throw new Error('KMS returned no plaintext');
      return r.Plaintext;
    },
  };
}
