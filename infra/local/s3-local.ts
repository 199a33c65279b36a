import S3rver from 's3rver';
import { mkdtempSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './dynamodb-local.js';

export const LOCAL_DOCUMENTS_BUCKET = 'lab-documents';

/** s3rver: a local S3 with real presigned URLs, on disk under DATA_DIR (or a temp dir in memory mode). */
export async function startS3Local(dataDir: string | null): Promise<{ endpoint: string; stop(): Promise<void> }> {
  const directory = dataDir ? join(dataDir, 's3') : mkdtempSync(join(tmpdir(), 'lab-s3-'));
  mkdirSync(directory, { recursive: true });
  const port = await freePort();
  const server = new S3rver({
    port,
    address: '127.0.0.1',
    directory,
    silent: true,
    resetOnClose: dataDir === null,
    configureBuckets: [{ name: LOCAL_DOCUMENTS_BUCKET }],
  });
  await server.run();
  return { endpoint: `http://127.0.0.1:${port}`, stop: () => server.close() };
}
