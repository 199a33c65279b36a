import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
