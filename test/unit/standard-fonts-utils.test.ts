import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import * as ours from '../../infra/aws/bundle/standard-fonts-utils.js';

const { decompressJson, padStart } = ours;

// The Lambda bundles read the standard fonts' metrics through infra/aws/bundle/standard-fonts-utils.ts
// instead of the package's own utils: the text must be the package's, byte for byte, for every font.
const require = createRequire(import.meta.url);
const packageDir = dirname(require.resolve('@pdf-lib/standard-fonts/package.json'));
const own = require(join(packageDir, 'lib/utils.js')) as typeof ours;

describe("the standard fonts' utils as the Lambda bundles have them", () => {
  const files = readdirSync(join(packageDir, 'es')).filter((f) => f.endsWith('.compressed.json'));

  it('decompress every font and the encodings to the same text as the package', () => {
    expect(files.length).toBe(15); // the 14 standard fonts and all-encodings
    for (const file of files) {
      const compressed = JSON.parse(readFileSync(join(packageDir, 'es', file), 'utf8')) as string;
      const text = decompressJson(compressed);
      expect(text, file).toBe(own.decompressJson(compressed));
      expect(() => JSON.parse(text) as unknown, file).not.toThrow();
    }
  });

  it('pad as the package pads', () => {
    for (const [value, length] of [
      ['41', 4],
      ['20ac', 4],
      ['12345', 4],
      ['', 2],
    ] as const) {
      expect(padStart(value, length, '0')).toBe(own.padStart(value, length, '0'));
    }
  });
});
