import { monotonicFactory } from 'ulid';

const next = monotonicFactory();

// Every id we issue is a prefix and a ULID. Anything far from that shape names nothing, and is
// answered as unknown before it reaches a store (DynamoDB refuses keys over 1 KB with an error).
const PLAUSIBLE_ID = /^[A-Za-z0-9_.-]{1,100}$/;

export function isPlausibleId(value: string): boolean {
  return PLAUSIBLE_ID.test(value);
}

/** A partner id as newId makes them: `ptr_` and a lower-case ULID (Crockford's base 32). */
export function isPartnerId(value: string): boolean {
  return /^ptr_[0-9a-hjkmnp-tv-z]{26}$/.test(value);
}

/** Prefixed, time-ordered ids (a ULID after the prefix), so ids sort by creation time. */
export function newId(prefix: 'order' | 'ptr' | 'key' | 'req' | 'dlv' | 'res' | 'aud', now: Date): string {
  return `${prefix}_${next(now.getTime()).toLowerCase()}`;
}
