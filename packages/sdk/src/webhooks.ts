// Webhook verification on Web Crypto, so it runs on Node 20+, Deno, Bun and edge runtimes without a
// dependency. X-Service-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">; during a
// secret rotation one v1= entry per active secret. crypto.subtle.verify compares in constant time.
import { WebhookVerificationError } from './errors.js';
import type { WebhookEvent } from './types.js';

export const SIGNATURE_TOLERANCE_SECONDS = 300;

export type VerifyResult = { ok: true; timestamp: number } | { ok: false; reason: WebhookVerificationError['reason'] };

export interface VerifyInput {
  /** The body exactly as received (a string or the raw bytes), never re-serialised JSON. */
  rawBody: string | Uint8Array;
  /** The X-Service-Signature header. */
  signature: string | null | undefined;
  /** Your webhook signing secret, or several while you switch secrets. */
  secret: string | string[];
  toleranceSeconds?: number;
  nowSeconds?: number;
}

const encoder = new TextEncoder();

function hexBytes(hex: string): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(hex.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return out;
}

function bytesOf(body: string | Uint8Array): Uint8Array {
  return typeof body === 'string' ? encoder.encode(body) : body;
}

export async function verifyWebhookSignature(input: VerifyInput): Promise<VerifyResult> {
  if (!input.signature) return { ok: false, reason: 'missing_header' };
  let timestamp: number | null = null;
  const signatures: string[] = [];
  for (const part of input.signature.split(',')) {
    const eq = part.indexOf('=');
    const k = part.slice(0, eq).trim();
    const v = part.slice(eq + 1).trim();
    if (eq < 0) continue;
    if (k === 't' && /^\d{1,12}$/.test(v)) timestamp = Number(v);
    else if (k === 'v1' && /^[0-9a-f]{64}$/.test(v)) signatures.push(v);
  }
  if (timestamp === null || signatures.length === 0) return { ok: false, reason: 'malformed_header' };
  const now = input.nowSeconds ?? Math.floor(Date.now() / 1000);
  if (Math.abs(now - timestamp) > (input.toleranceSeconds ?? SIGNATURE_TOLERANCE_SECONDS))
    return { ok: false, reason: 'timestamp_out_of_tolerance' };
  const body = bytesOf(input.rawBody);
  const prefix = encoder.encode(`${timestamp}.`);
  const signed = new Uint8Array(prefix.length + body.length);
  signed.set(prefix);
  signed.set(body, prefix.length);
  for (const secret of Array.isArray(input.secret) ? input.secret : [input.secret]) {
    const key = await crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [
      'verify',
    ]);
    for (const sig of signatures) {
      if (await crypto.subtle.verify('HMAC', key, hexBytes(sig), signed)) return { ok: true, timestamp };
    }
  }
  return { ok: false, reason: 'signature_mismatch' };
}

/**
 * Verifies a delivery and returns its event, or throws WebhookVerificationError. Pass the RAW body
 * (with Express: `express.raw({ type: 'application/json' })`).
 */
export async function constructWebhookEvent(input: VerifyInput): Promise<WebhookEvent> {
  const result = await verifyWebhookSignature(input);
  if (!result.ok) throw new WebhookVerificationError(result.reason);
  const text = typeof input.rawBody === 'string' ? input.rawBody : new TextDecoder().decode(input.rawBody);
  return JSON.parse(text) as WebhookEvent;
}
