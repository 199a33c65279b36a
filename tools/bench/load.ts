// The bench's load generator and its baseline: autocannon in its own process, against the service
// or against a bare node:http server (answering "ok", or a file's bytes) run side by side.
import { spawn } from 'node:child_process';
import { join } from 'node:path';

export interface Load {
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
}

/** Ten connections for `seconds` against `url`. */
export function autocannon(root: string, seconds: number, url: string): Promise<Load> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [join(root, 'node_modules/autocannon/autocannon.js'), '-j', '-c', '10', '-d', String(seconds), url],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.on('exit', () => {
      try {
        const r = JSON.parse(out) as {
          requests: { average: number };
          latency: { p50: number; p99: number };
          non2xx: number;
        };
        resolve({ rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, non2xx: r.non2xx });
      } catch (err) {
        reject(err);
      }
    });
  });
}

export async function startBare(root: string, bodyFile?: string): Promise<{ url: string; stop(): void }> {
  const child = spawn(process.execPath, [join(root, 'tools/bench/bare-server.mjs'), ...(bodyFile ? [bodyFile] : [])], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise<string>((resolve) =>
    child.stdout.on('data', (d: Buffer) => resolve(/(http:\/\/\S+)/.exec(d.toString())?.[1] as string)),
  );
  return { url, stop: () => child.kill() };
}
