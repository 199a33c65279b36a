import { readFileSync, renameSync, writeFileSync } from 'node:fs';

/** A stand-in's persisted state under DATA_DIR (none in memory mode); a missing or torn file starts empty. */
export function loadJson<T>(file: string | null, empty: T): T {
  if (!file) return empty;
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as T;
  } catch {
    return empty;
  }
}

/** Written atomically, so a crash mid-write leaves the previous state, never half of one. */
export function saveJson(file: string | null, state: unknown): void {
  if (!file) return;
  writeFileSync(`${file}.tmp`, JSON.stringify(state));
  renameSync(`${file}.tmp`, file);
}
