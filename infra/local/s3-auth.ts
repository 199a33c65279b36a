import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { SignatureV4 } from '@smithy/signature-v4';
import type { Checksum, SourceData } from '@smithy/types';

/** The local S3's one key pair (s3rver's well-known credentials). */
export const LOCAL_S3_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

const CLOCK_SKEW_MS = 15 * 60_000; // S3 accepts a request signed up to 15 minutes in the future

class NodeSha256 implements Checksum {
  private hash!: { update(data: Uint8Array): unknown; digest(): Buffer };
  constructor(private readonly secret?: SourceData) {
    this.reset();
  }
  update(data: Uint8Array | string): void {
    this.hash.update(typeof data === 'string' ? Buffer.from(data) : data);
  }
  async digest(): Promise<Uint8Array> {
    return new Uint8Array(this.hash.digest());
  }
  reset(): void {
    this.hash = this.secret
      ? createHmac('sha256', typeof this.secret === 'string' ? this.secret : Buffer.from(this.secret as Uint8Array))
      : createHash('sha256');
  }
}

export interface SignedRequest {
  method: string;
  host: string;
  path: string;
  query: URLSearchParams;
  header(name: string): string | undefined;
}

export type Verdict =
  { ok: true } | { ok: false; code: 'AccessDenied' | 'SignatureDoesNotMatch' | 'InvalidAccessKeyId'; message: string };

const denied = (message: string): Verdict => ({ ok: false, code: 'AccessDenied', message });

function amzDate(value: string): number {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(value);
  return m ? Date.parse(`${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6]}Z`) : NaN;
}

/**
 * Checks a SigV4 query-signed (presigned) S3 request as S3 does: the signature recomputed from the
 * request must match, and `now` must lie between X-Amz-Date minus 15 minutes and X-Amz-Date plus
 * X-Amz-Expires.
 */
export async function verifyPresigned(req: SignedRequest, now: number): Promise<Verdict> {
  const q = Object.fromEntries(req.query);
  const signature = q['X-Amz-Signature'] ?? '';
  const [accessKeyId, , region, service] = (q['X-Amz-Credential'] ?? '').split('/');
  const signedAt = amzDate(q['X-Amz-Date'] ?? '');
  const expires = Number(q['X-Amz-Expires']);
  if (q['X-Amz-Algorithm'] !== 'AWS4-HMAC-SHA256' || !region || !service || Number.isNaN(signedAt))
    return denied(
      'Query-string authentication requires the X-Amz-Algorithm, Credential, Date and Signature parameters.',
    );
  if (!Number.isInteger(expires) || expires < 1 || expires > 604_800)
    return denied('X-Amz-Expires must be between 1 and 604800 seconds.');
  if (accessKeyId !== LOCAL_S3_CREDENTIALS.accessKeyId)
    return {
      ok: false,
      code: 'InvalidAccessKeyId',
      message: 'The AWS Access Key Id you provided does not exist in our records.',
    };
  if (now > signedAt + expires * 1000) return denied('Request has expired');
  if (now < signedAt - CLOCK_SKEW_MS) return denied('Request is not yet valid');
  delete q['X-Amz-Signature'];
  const signedHeaders = (q['X-Amz-SignedHeaders'] ?? 'host').split(';');
  const headers: Record<string, string> = {};
  for (const name of signedHeaders) headers[name] = name === 'host' ? req.host : (req.header(name) ?? '');
  headers['x-amz-content-sha256'] = q['X-Amz-Content-Sha256'] ?? 'UNSIGNED-PAYLOAD';
  const expected = await signer(region, service).presign(
    { ...httpRequest(req), query: q, headers },
    {
      signingDate: new Date(signedAt),
      expiresIn: expires,
      unsignableHeaders: new Set(['x-amz-content-sha256']),
      unhoistableHeaders: new Set(['x-amz-content-sha256']),
    },
  );
  return compare(String(expected.query?.['X-Amz-Signature'] ?? ''), signature);
}

function compare(expected: string, given: string): Verdict {
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  if (a.length !== b.length || !timingSafeEqual(a, b))
    return {
      ok: false,
      code: 'SignatureDoesNotMatch',
      message: 'The request signature we calculated does not match the signature you provided.',
    };
  return { ok: true };
}

const signer = (region: string, service: string) =>
  new SignatureV4({
    credentials: LOCAL_S3_CREDENTIALS,
    region,
    service,
    sha256: NodeSha256,
    uriEscapePath: false, // S3 signs the path as sent, without encoding it a second time
  });

function httpRequest(req: SignedRequest) {
  const [hostname, port] = req.host.split(':');
  return {
    method: req.method,
    protocol: 'http:',
    hostname: hostname ?? '',
    port: Number(port) || undefined,
    path: req.path,
  };
}

/**
 * Checks a request signed in its Authorization header (the service's own SDK calls). The payload
 * hash is taken from x-amz-content-sha256 as S3 does. No clock-skew check: the SDK signs with the
 * machine's clock, which the service clock may be ahead of.
 */
export async function verifyHeaderSigned(req: SignedRequest): Promise<Verdict> {
  const m =
    /^AWS4-HMAC-SHA256 Credential=([^/]+)\/\d{8}\/([^/]+)\/([^/]+)\/aws4_request, ?SignedHeaders=([a-z0-9;-]+), ?Signature=([0-9a-f]{64})$/.exec(
      req.header('authorization') ?? '',
    );
  if (!m) return denied('The authorization header is malformed.');
  const [, accessKeyId, region, service, signedHeaders, signature] = m as unknown as string[];
  if (accessKeyId !== LOCAL_S3_CREDENTIALS.accessKeyId)
    return {
      ok: false,
      code: 'InvalidAccessKeyId',
      message: 'The AWS Access Key Id you provided does not exist in our records.',
    };
  const signedAt = amzDate(req.header('x-amz-date') ?? '');
  if (Number.isNaN(signedAt)) return denied('The request has no valid x-amz-date header.');
  const headers: Record<string, string> = {};
  for (const name of (signedHeaders as string).split(';'))
    headers[name] = name === 'host' ? req.host : (req.header(name) ?? '');
  const signed = await signer(region as string, service as string).sign(
    { ...httpRequest(req), query: Object.fromEntries(req.query), headers },
    { signingDate: new Date(signedAt) },
  );
  const expected =
    /Signature=([0-9a-f]{64})/.exec(String(signed.headers.authorization ?? signed.headers.Authorization))?.[1] ?? '';
  return compare(expected, signature as string);
}

/** S3's error document. */
export function s3ErrorXml(code: string, message: string): string {
  const esc = (s: string) => s.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${esc(code)}</Code><Message>${esc(message)}</Message></Error>`;
}
