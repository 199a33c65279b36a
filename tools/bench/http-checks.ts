// Compression and revalidation, checked over HTTP against the running local runtime: the bench
// reports them beside the timed goals (the e2e test compression-revalidation proves them in CI).
import { request } from 'node:http';
import { gunzipSync } from 'node:zlib';
import type { Goal } from './goals.js';

function raw(url: string, headers: Record<string, string>) {
  return new Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }>((resolve, reject) => {
    request(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    })
      .on('error', reject)
      .end();
  });
}

export async function httpGoals(service: string, paths: string[]): Promise<Goal[]> {
  const goals: Goal[] = [];
  for (const path of paths) {
    const identity = await raw(`${service}${path}`, { 'Accept-Encoding': 'identity' });
    const gzip = await raw(`${service}${path}`, { 'Accept-Encoding': 'gzip' });
    const same = gzip.headers['content-encoding'] === 'gzip' && gunzipSync(gzip.body).equals(identity.body);
    goals.push({
      goal: `${path} compressed (gzip)`,
      figure: `${(gzip.body.length / 1024).toFixed(1)} KiB`,
      baseline: `identity ${(identity.body.length / 1024).toFixed(1)} KiB`,
      limit: 'gzip, same bytes once decompressed',
      pass: same,
    });
    const etag = String(identity.headers.etag ?? '');
    const again = etag ? await raw(`${service}${path}`, { 'If-None-Match': etag }) : null;
    goals.push({
      goal: `${path} revalidated`,
      figure: again ? `${again.status}, ${again.body.length} bytes` : 'no ETag',
      baseline: '',
      limit: '304 to If-None-Match',
      pass: /^"[^"]+"$/.test(etag) && again?.status === 304 && again.body.length === 0,
    });
  }
  return goals;
}
