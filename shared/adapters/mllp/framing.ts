// MLLP (HL7's Minimal Lower Layer Protocol): each message travels as VT <message> FS CR.
// (The same bytes as @medplum/hl7's VT/FS/CR; not imported, so the Lambda bundles stay without
// Medplum's FHIR toolkit, about 460 KB.)
const VT = 0x0b;
const FS = 0x1c;
const CR = 0x0d;

export function frame(message: string): Buffer {
  return Buffer.concat([Buffer.from([VT]), Buffer.from(message, 'utf8'), Buffer.from([FS, CR])]);
}

/** Collects bytes and hands back each whole message as it completes; bytes outside a frame are dropped. */
export class MllpDeframer {
  private buffer = Buffer.alloc(0);

  push(chunk: Buffer): string[] {
    this.buffer = Buffer.concat([this.buffer, chunk]);
    const messages: string[] = [];
    for (;;) {
      const start = this.buffer.indexOf(VT);
      if (start < 0) {
        this.buffer = Buffer.alloc(0);
        return messages;
      }
      const end = this.buffer.indexOf(FS, start);
      if (end < 0 || end + 1 >= this.buffer.length) {
        this.buffer = this.buffer.subarray(start);
        return messages;
      }
      messages.push(this.buffer.subarray(start + 1, end).toString('utf8'));
      this.buffer = this.buffer.subarray(end + (this.buffer[end + 1] === CR ? 2 : 1));
    }
  }
}

export interface MllpTarget {
  host: string;
  port: number;
  tls: boolean;
}

/** `mllp://host:port` or `mllps://host:port` (MLLP over TLS). */
export function parseMllpUrl(url: string): MllpTarget {
  const m = /^(mllps?):\/\/(\[[0-9a-fA-F:.]+\]|[A-Za-z0-9.-]+):(\d{1,5})\/?$/.exec(url.trim());
  const port = Number(m?.[3]);
  if (!m || port < 1 || port > 65535)
    throw new Error('LAB_MLLP_URL must look like mllp://host:port or mllps://host:port');
  return { host: (m[2] as string).replace(/^\[|\]$/g, ''), port, tls: m[1] === 'mllps' };
}
