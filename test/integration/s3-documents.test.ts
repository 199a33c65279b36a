import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundledModule, bytesOf } from '../support/bundled-module.js';
import { startS3Local, LOCAL_DOCUMENTS_BUCKET } from '../../infra/local/s3-local.js';
import { S3DocumentStore } from '../../shared/adapters/s3-document-store.js';

let s3: Awaited<ReturnType<typeof startS3Local>>;
let store: S3DocumentStore;
beforeAll(async () => {
  s3 = await startS3Local(null);
  store = new S3DocumentStore({ bucket: LOCAL_DOCUMENTS_BUCKET, endpoint: s3.endpoint });
  await store.put('requisitions/p/o.pdf', new TextEncoder().encode('%PDF-1.4 test'), 'application/pdf');
});
afterAll(async () => s3?.stop());

describe('documents in S3 (s3rver)', () => {
  it('a presigned URL works for 15 minutes and is refused after', async () => {
    const fresh = await store.signedUrl('requisitions/p/o.pdf', new Date(), 900);
    expect(Date.parse(fresh.expiresAt) - Date.now()).toBeGreaterThan(899_000);
    const ok = await fetch(fresh.url);
    expect(ok.status).toBe(200);
    expect(ok.headers.get('content-type')).toBe('application/pdf');
    const expired = await store.signedUrl('requisitions/p/o.pdf', new Date(Date.now() - 901_000), 900);
    expect((await fetch(expired.url)).status).toBe(403);
  });

  it('knows which documents exist', async () => {
    expect(await store.exists('requisitions/p/o.pdf')).toBe(true);
    expect(await store.exists('requisitions/p/none.pdf')).toBe(false);
  });
});

describe('the local S3 checks signatures as S3 does (s3rver checks none)', () => {
  it('refuses a presigned URL whose signature was tampered with, and an unsigned bucket listing', async () => {
    const { url } = await store.signedUrl('requisitions/p/o.pdf', new Date(), 900);
    const tampered = url.replace('requisitions/p/o.pdf', 'requisitions/p/other.pdf');
    const refused = await fetch(tampered);
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain('<Code>SignatureDoesNotMatch</Code>');
    const listing = await fetch(`${s3.endpoint}/${LOCAL_DOCUMENTS_BUCKET}`);
    expect(listing.status).toBe(403);
    expect(await listing.text()).toContain('<Code>AccessDenied</Code>');
    expect((await fetch(`${s3.endpoint}/${LOCAL_DOCUMENTS_BUCKET}/requisitions/p/o.pdf`)).status).toBe(403);
  });

  it('refuses a URL signed more than 15 minutes in the future, and header-signed calls with the wrong secret', async () => {
    const future = await store.signedUrl('requisitions/p/o.pdf', new Date(Date.now() + 16 * 60_000), 900);
    expect((await fetch(future.url)).status).toBe(403);
    const soon = await store.signedUrl('requisitions/p/o.pdf', new Date(Date.now() + 14 * 60_000), 900);
    expect((await fetch(soon.url)).status).toBe(200);
    const { S3Client, HeadObjectCommand } = await import('@aws-sdk/client-s3');
    const wrong = new S3Client({
      region: 'us-east-1',
      endpoint: s3.endpoint,
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'not-the-secret' },
    });
    await expect(
      wrong.send(new HeadObjectCommand({ Bucket: LOCAL_DOCUMENTS_BUCKET, Key: 'requisitions/p/o.pdf' })),
    ).rejects.toMatchObject({ $metadata: { httpStatusCode: 403 } });
    wrong.destroy();
  });
});

// The Lambdas carry the S3 client as esbuild bundles it, with the SDK's schema module rewritten so
// that unused shapes drop out (infra/aws/bundle/sdk-schemas.ts): the bundled store does its work.
describe('the document store as a Lambda bundles it', () => {
  it('puts, finds and signs as the store in process does, and a missing document is reported as missing', async () => {
    const {
      module: bundled,
      metafile,
      dir,
    } = await bundledModule<{ S3DocumentStore: typeof S3DocumentStore }>('shared/adapters/s3-document-store.ts');
    try {
      // 137 KB of shapes in the package; the three commands the store sends need a fraction.
      const shapes = bytesOf(metafile, 'client-s3/dist-es/schemas/schemas_0.js');
      expect(shapes).toBeGreaterThan(1_000);
      expect(shapes).toBeLessThan(20_000);
      const theirs = new bundled.S3DocumentStore({ bucket: LOCAL_DOCUMENTS_BUCKET, endpoint: s3.endpoint });
      const bytes = new TextEncoder().encode('%PDF-1.4 bundled');
      await theirs.put('results/p/o/r/pdf_1.pdf', bytes, 'application/pdf');
      expect(await theirs.exists('results/p/o/r/pdf_1.pdf')).toBe(true);
      expect(await theirs.exists('results/p/o/r/none.pdf')).toBe(false);
      const got = await fetch((await theirs.signedUrl('results/p/o/r/pdf_1.pdf', new Date(), 900)).url);
      expect(got.headers.get('content-type')).toBe('application/pdf');
      expect(new Uint8Array(await got.arrayBuffer())).toEqual(bytes);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
