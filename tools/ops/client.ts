import { createHash, createHmac } from 'node:crypto';
import { SignatureV4 } from '@smithy/signature-v4';
import type { AwsCredentialIdentity, AwsCredentialIdentityProvider, Checksum, SourceData } from '@smithy/types';

// How the ops CLI reaches the operator API: the admin token as a bearer (the local runtime), or a
// SigV4-signed request with the caller's AWS credentials (a deployed stage, IAM-authorised).

export interface OpsResponse {
  status: number;
  body: unknown;
}

export type Transport =
  | { kind: 'bearer'; token: string }
  | { kind: 'sigv4'; region: string; credentials: AwsCredentialIdentity | AwsCredentialIdentityProvider };

class Sha256 implements Checksum {
  private hash;
  constructor(private readonly secret?: SourceData) {
    this.hash = this.fresh();
  }
  private fresh() {
    return this.secret ? createHmac('sha256', toBuffer(this.secret)) : createHash('sha256');
  }
  update(data: Uint8Array | string): void {
    this.hash.update(toBuffer(data));
  }
  async digest(): Promise<Uint8Array> {
    return new Uint8Array(this.hash.digest());
  }
  reset(): void {
    this.hash = this.fresh();
  }
}

function toBuffer(data: SourceData): Buffer {
  if (typeof data === 'string') return Buffer.from(data, 'utf8');
  if (ArrayBuffer.isView(data)) return Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  return Buffer.from(data);
}

/** The region of an execute-api URL (`https://abc.execute-api.eu-west-1.amazonaws.com/v1`). */
export function regionOf(url: string): string | null {
  return /\.execute-api\.([a-z0-9-]+)\.amazonaws\.com$/.exec(new URL(url).hostname)?.[1] ?? null;
}

export function opsClient(baseUrl: string, transport: Transport, fetchFn: typeof fetch = fetch) {
  const base = baseUrl.replace(/\/+$/, '');
  return async (method: string, path: string, body?: unknown): Promise<OpsResponse> => {
    const url = new URL(`${base}/admin/v1${path}`);
    const payload = body === undefined ? undefined : JSON.stringify(body);
    let headers: Record<string, string> = {
      accept: 'application/json',
      ...(payload !== undefined ? { 'content-type': 'application/json' } : {}),
    };
    if (transport.kind === 'bearer') headers.authorization = `Bearer ${transport.token}`;
    else {
      const signer = new SignatureV4({
        service: 'execute-api',
        region: transport.region,
        credentials: transport.credentials,
        sha256: Sha256,
      });
      const signed = await signer.sign({
        method,
        protocol: url.protocol,
        hostname: url.hostname,
        ...(url.port ? { port: Number(url.port) } : {}),
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        headers: { ...headers, host: url.host },
        ...(payload !== undefined ? { body: payload } : {}),
      });
      headers = signed.headers;
      delete headers.host; // fetch sets it, from the URL that was signed
    }
    const res = await fetchFn(url, { method, headers, ...(payload !== undefined ? { body: payload } : {}) });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      // Not JSON (an API Gateway refusal page): shown as it came.
    }
    return { status: res.status, body: parsed };
  };
}
