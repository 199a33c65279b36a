import { createServer } from 'node:net';
import { join } from 'node:path';
import { loadJson, saveJson } from './json-state.js';

export type StandIn = 'dynamodb' | 's3' | 'stripe' | 'sqs' | 'scheduler';

async function isFree(port: number, host: string): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, host, () => probe.close(() => resolve(true)));
  });
}

/**
 * The ports the stand-ins had last time, kept under DATA_DIR so they keep them across a restart
 * when they are still free: a document URL or queue URL issued before the restart keeps working.
 */
export class StandInPorts {
  private readonly file: string | null;
  private readonly ports: Partial<Record<StandIn, number>>;

  constructor(dataDir: string | null) {
    this.file = dataDir ? join(dataDir, 'ports.json') : null;
    this.ports = loadJson<Partial<Record<StandIn, number>>>(this.file, {});
  }

  /** The remembered port when it is free, else 0 (any free port). */
  async preferred(name: StandIn, host = '127.0.0.1'): Promise<number> {
    const port = this.ports[name];
    return port && (await isFree(port, host)) ? port : 0;
  }

  remember(name: StandIn, port: number): void {
    this.ports[name] = port;
    saveJson(this.file, this.ports);
  }
}
