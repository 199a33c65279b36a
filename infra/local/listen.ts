import type { Server } from 'node:net';
import type { AddressInfo } from 'node:net';

/**
 * Listens on `port`, or on any free port when that one is taken (or 0): a stand-in keeps the port
 * it had before a restart when it can, so URLs issued before the restart keep working.
 */
export async function listen(server: Server, port: number, host: string): Promise<number> {
  const attempt = (p: number) =>
    new Promise<void>((ok, fail) => {
      const onError = (err: Error) => fail(err);
      server.once('error', onError);
      server.listen(p, host, () => {
        server.off('error', onError);
        ok();
      });
    });
  try {
    await attempt(port);
  } catch (err) {
    if (port === 0 || (err as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw err;
    await attempt(0);
  }
  return (server.address() as AddressInfo).port;
}
