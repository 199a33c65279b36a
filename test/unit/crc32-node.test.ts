import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Crc32Node as Original } from '@smithy/core/checksum';
import { Crc32Node as Ours } from '../../infra/aws/bundle/crc32-node.js';

// The Lambda bundles compute CRC32s (S3's checksums, event streams) through
// infra/aws/bundle/crc32-node.ts, which loads zlib on first use instead of at load: the same sums.
describe("the bundles' CRC32 stand-in", () => {
  it('gives the SDK class’s checksum for any data, fed in any pieces, and starts again after reset', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.uint8Array({ maxLength: 300 }), { maxLength: 5 }), async (pieces) => {
        const [ours, original] = [new Ours(), new Original()];
        for (const p of pieces) {
          ours.update(p);
          original.update(p);
        }
        expect(ours.digestSync()).toBe(original.digestSync());
        expect(await ours.digest()).toEqual(await original.digest());
        ours.reset();
        original.reset();
        ours.update(new Uint8Array([1, 2, 3]));
        original.update(new Uint8Array([1, 2, 3]));
        expect(await ours.digest()).toEqual(await original.digest());
      }),
    );
    // The well-known check value of CRC-32/ISO-HDLC.
    const check = new Ours();
    check.update(new TextEncoder().encode('123456789'));
    expect(check.digestSync()).toBe(0xcbf43926);
  });
});
