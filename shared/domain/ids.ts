import { monotonicFactory } from 'ulid';

const next = monotonicFactory();

/** Prefixed, time-ordered ids (a ULID after the prefix), so ids sort by creation time. */
export function newId(prefix: 'order' | 'ptr' | 'key' | 'req' | 'dlv', now: Date): string {
  return `${prefix}_${next(now.getTime()).toLowerCase()}`;
}
