import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  headers: IncomingHttpHeaders;
  rawBody: string;
  at: number;
}

/** A real webhook receiver on loopback whose behaviour a test can switch. */
export async function startReceiver(): Promise<{
  url: string;
  received: Received[];
  mode: { value: 'ok' | 'fail' | 'redirect' | 'hang' };
  close(): Promise<void>;
}> {
  const received: Received[] = [];
  const mode = { value: 'ok' as 'ok' | 'fail' | 'redirect' | 'hang' };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ headers: req.headers, rawBody: Buffer.concat(chunks).toString('utf8'), at: Date.now() });
      if (mode.value === 'hang') return; // never answers: the sender must give up at 10 s
      if (mode.value === 'redirect') {
        res.writeHead(302, { Location: 'http://127.0.0.1:1/elsewhere' }).end();
        return;
      }
      res.writeHead(mode.value === 'ok' ? 200 : 500).end(mode.value === 'ok' ? 'ok' : 'down');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    mode,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}
