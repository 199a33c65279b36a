import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** A process's identity: its pid and its start time (Linux: clock ticks since boot), so a reused pid is not mistaken for it. */
export interface ProcessIdentity {
  pid: number;
  startTime: string | null;
}

function startTimeOf(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null;
  }
}

function commandLineOf(pid: number): string | null {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
  } catch {
    return null;
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export function identityOf(pid: number): ProcessIdentity {
  return { pid, startTime: startTimeOf(pid) };
}

/**
 * Whether the process recorded as `id` still runs (same pid, same start time) and, when `marker`
 * is given, its command line names it. Without /proc (not Linux) a live pid counts as a match:
 * the safe answer for a lock, and never used to decide a kill.
 */
export function stillRunning(id: ProcessIdentity, marker?: string): boolean {
  if (!Number.isInteger(id.pid) || id.pid <= 0 || !alive(id.pid)) return false;
  const startTime = startTimeOf(id.pid);
  if (startTime === null) return marker === undefined;
  return startTime === id.startTime && (marker === undefined || (commandLineOf(id.pid) ?? '').includes(marker));
}

export class DataDirInUse extends Error {}

/**
 * Takes DATA_DIR for this process. While a live local runtime holds it, a second one is refused
 * with a message naming the holder; a lock left by a process that is gone is taken over.
 */
export function lockDataDir(dataDir: string): { release(): void } {
  const file = join(dataDir, 'runtime.lock');
  const mine = { ...identityOf(process.pid), startedAt: new Date().toISOString() };
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(file, JSON.stringify(mine), { flag: 'wx' });
      return {
        release: () => {
          try {
            if ((JSON.parse(readFileSync(file, 'utf8')) as ProcessIdentity).pid === process.pid) rmSync(file);
          } catch {
            // Already gone.
          }
        },
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    let holder: ProcessIdentity & { startedAt?: string };
    try {
      holder = JSON.parse(readFileSync(file, 'utf8')) as typeof holder;
    } catch {
      holder = { pid: 0, startTime: null }; // torn or empty: its writer died mid-write
    }
    if (stillRunning(holder))
      throw new DataDirInUse(
        `DATA_DIR ${dataDir} is in use by another local runtime (pid ${holder.pid}, started ${holder.startedAt ?? 'earlier'}). ` +
          'Stop it first, or start this one with another DATA_DIR.',
      );
    rmSync(file, { force: true }); // stale: its process is gone
  }
  throw new DataDirInUse(`DATA_DIR ${dataDir} is being taken by another local runtime starting at the same time.`);
}
