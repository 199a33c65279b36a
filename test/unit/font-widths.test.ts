import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { StandardFontEmbedder } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { encodedText, textWidth, winAnsi } from '../../shared/adapters/pdf/layout.js';
import { FONT_WIDTHS_FILE, fontWidthsText } from '../../tools/generate-font-widths.js';

// The layout measures and encodes text itself (shared/adapters/pdf/layout.ts) instead of loading
// pdf-lib's font embedder; these hold it to what that embedder does, with pdf-lib's own metrics.

const FONTS = ['Helvetica', 'Helvetica-Bold'] as const;
const embedder = (name: (typeof FONTS)[number]) =>
  StandardFontEmbedder.for(name as unknown as Parameters<typeof StandardFontEmbedder.for>[0]);
/** pdf-lib's width of a line as a Tj operator draws it: each glyph's advance, no kerning. */
const drawnWidth = (name: (typeof FONTS)[number], text: string, size: number) =>
  [...text].reduce((sum, ch) => sum + embedder(name).widthOfTextAtSize(ch, size), 0);

describe('the standard fonts’ width table', () => {
  it('is current (npm run generate:font-widths rewrites it)', async () => {
    expect(readFileSync(FONT_WIDTHS_FILE, 'utf8')).toBe(await fontWidthsText());
  });

  it('measures any text the layout draws as pdf-lib measures its glyphs', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...FONTS),
        fc.string({ maxLength: 60 }),
        fc.integer({ min: 6, max: 24 }),
        (font, raw, size) => {
          const text = winAnsi(raw);
          expect(textWidth(font, text, size)).toBeCloseTo(drawnWidth(font, text, size), 9);
        },
      ),
      { numRuns: 300 },
    );
    expect(textWidth('Helvetica', 'Laboratory Results', 18)).toBeGreaterThan(textWidth('Helvetica', 'Lab', 18));
    // Helvetica's published metrics: W is 944 thousandths wide, i 222 (278 in the bold face).
    expect(textWidth('Helvetica', 'W', 10)).toBeCloseTo(9.44, 9);
    expect(textWidth('Helvetica-Bold', 'i', 10)).toBeGreaterThan(textWidth('Helvetica', 'i', 10));
  });

  it('encodes any text the layout draws as pdf-lib’s embedder does', () => {
    fc.assert(
      fc.property(fc.constantFrom(...FONTS), fc.string({ maxLength: 60 }), (font, raw) => {
        const text = winAnsi(raw);
        expect(encodedText(text).toString()).toBe(embedder(font).encodeText(text).toString());
      }),
      { numRuns: 300 },
    );
  });
});
