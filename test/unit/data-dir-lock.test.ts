import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DataDirInUse, identityOf, lockDataDir, stillRunning } from '../../infra/local/data-dir-lock.js';

const dir = () => mkdtempSync(join(tmpdir(), 'lock-'));

describe('the DATA_DIR lock', () => {
  it('refuses a second holder while the first is alive, naming its pid, and frees the directory on release', () => {
    const d = dir();
    const lock = lockDataDir(d);
    expect(() => lockDataDir(d)).toThrow(DataDirInUse);
    expect(() => lockDataDir(d)).toThrow(`pid ${process.pid}`);
    lock.release();
    lockDataDir(d).release();
  });

  it('takes over a lock whose process is gone, or whose pid now belongs to another process', () => {
    const d = dir();
    writeFileSync(join(d, 'runtime.lock'), JSON.stringify({ pid: 2 ** 22 + 7, startTime: '1' })); // no such pid
    lockDataDir(d).release();
    // Our own pid with another start time: a reused pid, not the process that wrote the lock.
    writeFileSync(join(d, 'runtime.lock'), JSON.stringify({ pid: process.pid, startTime: 'not-this-one' }));
    const lock = lockDataDir(d);
    expect(JSON.parse(readFileSync(join(d, 'runtime.lock'), 'utf8')).startTime).toBe(identityOf(process.pid).startTime);
    lock.release();
    writeFileSync(join(d, 'runtime.lock'), '{"pid":'); // torn by a crash mid-write
    lockDataDir(d).release();
  });

  it('verifies a process by pid, start time and command line before anyone may signal it', () => {
    const me = identityOf(process.pid);
    expect(stillRunning(me)).toBe(true);
    expect(stillRunning(me, 'DynamoDBLocal')).toBe(false); // this process is not a DynamoDB Local JVM
    expect(stillRunning({ ...me, startTime: '0' })).toBe(false);
  });
});
