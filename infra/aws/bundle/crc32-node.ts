// Stands in for @smithy/core's Crc32Node in Lambda bundles (see ../bundling.ts). The original asks
// at load whether Node's zlib has crc32, so every function with an SDK client loads zlib as it
// starts (about 5 ms of a cold start on the bench's machine), although only S3's checksums and
// event streams compute a CRC32. This one is the same checksum, and asks on first use. A test holds
// it to the original's output.
import { createRequire } from 'node:module';
import { Crc32Js } from '@smithy/core/checksum';
import type { Checksum } from '@smithy/types';

type NativeCrc32 = (data: Uint8Array, value: number) => number;

let native: NativeCrc32 | null | undefined;
function nativeCrc32(): NativeCrc32 | null {
  if (native === undefined) {
    const zlib = createRequire(import.meta.url)('node:zlib') as { crc32?: NativeCrc32 };
    native = typeof zlib.crc32 === 'function' ? zlib.crc32 : null;
  }
  return native;
}

export class Crc32Node implements Checksum {
  readonly digestLength = 4;
  private value = 0;
  /** Where zlib has no crc32 (Node before 20.15), the package's own JavaScript one. */
  private readonly fallback = nativeCrc32() ? null : new Crc32Js();

  update(data: Uint8Array): void {
    if (this.fallback) this.fallback.update(data);
    else this.value = (nativeCrc32() as NativeCrc32)(data, this.value);
  }

  digestSync(): number {
    return this.fallback ? this.fallback.digestSync() : this.value >>> 0;
  }

  async digest(): Promise<Uint8Array> {
    const out = new Uint8Array(4);
    new DataView(out.buffer).setUint32(0, this.digestSync(), false);
    return out;
  }

  reset(): void {
    this.value = 0;
    this.fallback?.reset();
  }
}
