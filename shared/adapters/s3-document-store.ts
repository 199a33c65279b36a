import {
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { DocumentStore, SignedUrl } from '../ports/document-store.js';
import { sdkClientConfig } from './local-endpoint.js';

export interface S3DocumentStoreConfig {
  bucket: string;
  /** s3rver's URL in the local runtime; unset in AWS. */
  endpoint?: string;
  region?: string;
}

/** Documents in S3 (KMS-encrypted in AWS), served through presigned GET URLs. */
export class S3DocumentStore implements DocumentStore {
  private readonly s3: S3Client;

  constructor(private readonly config: S3DocumentStoreConfig) {
    this.s3 = new S3Client({
      ...sdkClientConfig(config.endpoint, { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' }),
      ...(config.region ? { region: config.region } : {}),
      ...(config.endpoint ? { forcePathStyle: true } : {}),
      // S3's own settings, given for the same reason (these are their defaults).
      disableS3ExpressSessionAuth: false,
      requestChecksumCalculation: 'WHEN_SUPPORTED',
      responseChecksumValidation: 'WHEN_SUPPORTED',
      useArnRegion: false,
      sigv4aSigningRegionSet: () => Promise.resolve(undefined),
    });
  }

  async put(key: string, bytes: Uint8Array, contentType: string): Promise<void> {
    await this.s3.send(
      new PutObjectCommand({ Bucket: this.config.bucket, Key: key, Body: bytes, ContentType: contentType }),
    );
  }

  async exists(key: string): Promise<boolean> {
    try {
      await this.s3.send(new HeadObjectCommand({ Bucket: this.config.bucket, Key: key }));
      return true;
    } catch (err) {
      if (err instanceof S3ServiceException && (err.$metadata.httpStatusCode === 404 || err.name === 'NotFound'))
        return false;
      throw err;
    }
  }

  /** Signed at the service clock's time, so the URL's life is measured from the service's now. */
  async signedUrl(key: string, now: Date, expiresInSeconds: number, downloadName?: string): Promise<SignedUrl> {
    const url = await getSignedUrl(
      this.s3,
      new GetObjectCommand({
        Bucket: this.config.bucket,
        Key: key,
        ResponseContentType: 'application/pdf',
        ...(downloadName ? { ResponseContentDisposition: `inline; filename="${downloadName}"` } : {}),
      }),
      { expiresIn: expiresInSeconds, signingDate: now },
    );
    return { url, expiresAt: new Date(now.getTime() + expiresInSeconds * 1000).toISOString() };
  }
}
