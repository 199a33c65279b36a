import S3rver from 's3rver';
import { createServer, request, type IncomingMessage, type ServerResponse } from 'node:http';
import { mkdtempSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './dynamodb-local.js';
import { listen } from './listen.js';
import { s3ErrorXml, verifyHeaderSigned, verifyPresigned, type SignedRequest } from './s3-auth.js';

export const LOCAL_DOCUMENTS_BUCKET = 'lab-documents';

function refuse(res: ServerResponse, code: string, message: string): void {
  res.writeHead(403, { 'Content-Type': 'application/xml' });
  res.end(s3ErrorXml(code, message));
}

function forward(req: IncomingMessage, res: ServerResponse, port: number): void {
  const upstream = request(
    { host: '127.0.0.1', port, method: req.method, path: req.url, headers: req.headers },
    (up) => {
      res.writeHead(up.statusCode ?? 502, up.headers);
      up.pipe(res);
    },
  );
  upstream.once('error', () => {
    if (!res.headersSent) res.writeHead(503, { 'Content-Type': 'application/xml' });
    res.end(s3ErrorXml('ServiceUnavailable', 'The local S3 is not available.'));
  });
  req.pipe(upstream);
}

/**
 * The local S3: s3rver on disk under DATA_DIR (or a temp dir in memory mode), behind a front that
 * checks signatures as S3 does, since s3rver checks no SigV4 signature and measures expiry on the
 * machine's clock. A presigned URL passes only with a matching signature while the service clock
 * lies between X-Amz-Date minus 15 minutes and X-Amz-Date plus X-Amz-Expires; a header-signed
 * request (the service's own SDK calls) only with a matching signature; anything unsigned, such
 * as listing the bucket, is refused with S3's 403 AccessDenied.
 */
export async function startS3Local(
  dataDir: string | null,
  opts: { now?: () => number; port?: number } = {},
): Promise<{ endpoint: string; port: number; stop(): Promise<void> }> {
  const now = opts.now ?? Date.now;
  const directory = dataDir ? join(dataDir, 's3') : mkdtempSync(join(tmpdir(), 'lab-s3-'));
  mkdirSync(directory, { recursive: true });
  const innerPort = await freePort();
  const inner = new S3rver({
    port: innerPort,
    address: '127.0.0.1',
    directory,
    silent: true,
    resetOnClose: dataDir === null,
    configureBuckets: [{ name: LOCAL_DOCUMENTS_BUCKET }],
  });
  await inner.run();
  const front = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://local');
    const signed: SignedRequest = {
      method: req.method ?? 'GET',
      host: req.headers.host ?? '',
      path: url.pathname,
      query: url.searchParams,
      header: (name) => {
        const v = req.headers[name.toLowerCase()];
        return Array.isArray(v) ? v.join(',') : v;
      },
    };
    try {
      const verdict = url.searchParams.has('X-Amz-Signature')
        ? await verifyPresigned(signed, now())
        : req.headers.authorization
          ? await verifyHeaderSigned(signed)
          : ({ ok: false, code: 'AccessDenied', message: 'Access Denied' } as const);
      if (!verdict.ok) return refuse(res, verdict.code, verdict.message);
      forward(req, res, innerPort);
    } catch {
      refuse(res, 'AccessDenied', 'Access Denied');
    }
  });
  let port: number;
  try {
    port = await listen(front, opts.port ?? 0, '127.0.0.1');
  } catch (err) {
    await inner.close();
    throw err;
  }
  return {
    endpoint: `http://127.0.0.1:${port}`,
    port,
    stop: async () => {
      await new Promise<void>((ok) => {
        front.close(() => ok());
        front.closeAllConnections();
      });
      await inner.close();
    },
  };
}
