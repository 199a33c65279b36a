// Webhook signatures: X-Service-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">.
// Dependency-free apart from node:crypto, so partners can copy this file as it is.
import { createHmac, timingSafeEqual } from 'node:crypto';

export const SIGNATURE_TOLERANCE_SECONDS = 300;

export function computeSignature(rawBody: string | Buffer, secret: string, unixSeconds: number): string {
  return createHmac('sha256', secret).update(`${unixSeconds}.`).update(rawBody).digest('hex');
}

/**
 * The header value. During a secret rotation the service signs with every active secret, one
 * v1= entry each, so a receiver holding either the old or the new secret verifies.
 */
export function signPayload(rawBody: string, secrets: string | string[], unixSeconds: number): string {
  const list = Array.isArray(secrets) ? secrets : [secrets];
  return [`t=${unixSeconds}`, ...list.map((s) => `v1=${computeSignature(rawBody, s, unixSeconds)}`)].join(',');
}

export type VerifyResult =
  | { ok: true; timestamp: number }
  | { ok: false; reason: 'missing_header' | 'malformed_header' | 'timestamp_out_of_tolerance' | 'signature_mismatch' };

/** Verifies against the RAW request body, in constant time, rejecting stale and future timestamps. */
export function verifySignature(input: {
  rawBody: string | Buffer;
  header: string | null | undefined;
  secret: string | string[];
  nowSeconds: number;
  toleranceSeconds?: number;
}): VerifyResult {
  if (!input.header) return { ok: false, reason: 'missing_header' };
  let timestamp: number | null = null;
  const signatures: string[] = [];
  for (const part of input.header.split(',')) {
    const [k, v] = part
      .trim()
      .split('=', 2)
      .map((x) => x?.trim());
    if (k === 't' && v && /^\d{1,12}$/.test(v)) timestamp = Number(v);
    else if (k === 'v1' && v && /^[0-9a-f]{64}$/.test(v)) signatures.push(v);
  }
  if (timestamp === null || signatures.length === 0) return { ok: false, reason: 'malformed_header' };
  if (Math.abs(input.nowSeconds - timestamp) > (input.toleranceSeconds ?? SIGNATURE_TOLERANCE_SECONDS))
    return { ok: false, reason: 'timestamp_out_of_tolerance' };
  const secrets = Array.isArray(input.secret) ? input.secret : [input.secret];
  for (const secret of secrets) {
    const expected = Buffer.from(computeSignature(input.rawBody, secret, timestamp), 'hex');
    for (const sig of signatures) {
      const given = Buffer.from(sig, 'hex');
      if (given.length === expected.length && timingSafeEqual(given, expected)) return { ok: true, timestamp };
    }
  }
  return { ok: false, reason: 'signature_mismatch' };
}
