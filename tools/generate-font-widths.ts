// Generates shared/adapters/pdf/font-widths.json: the advance widths of the two standard fonts our
// PDFs use, for the characters they can show (printable ASCII: the layout folds everything else to
// it), read from pdf-lib's own font metrics. The layout measures text with this table instead of
// loading those metrics (two 71 KB JSON documents, mostly kerning pairs that a PDF's text operator
// never applies) at every cold start that renders a document. Run it (npm run generate:font-widths)
// after upgrading @pdf-lib/standard-fonts; a unit test fails when it is stale.
import { writeFileSync } from 'node:fs';
import { StandardFontEmbedder } from 'pdf-lib';
import { format, resolveConfig } from 'prettier';

export const FONT_WIDTHS_FILE = new URL('../shared/adapters/pdf/font-widths.json', import.meta.url);
export const FIRST_CODE = 0x20;
export const LAST_CODE = 0x7e;

/** Each font's widths (thousandths of the font size) of the characters FIRST_CODE..LAST_CODE, in order. */
export function fontWidths(): Record<'Helvetica' | 'Helvetica-Bold', number[]> {
  const widths = (name: 'Helvetica' | 'Helvetica-Bold') => {
    const font = StandardFontEmbedder.for(name as unknown as Parameters<typeof StandardFontEmbedder.for>[0]);
    const out: number[] = [];
    // One character at 1000 points is its advance width in thousandths (no neighbour to kern with).
    for (let code = FIRST_CODE; code <= LAST_CODE; code++)
      out.push(font.widthOfTextAtSize(String.fromCharCode(code), 1000));
    return out;
  };
  return { Helvetica: widths('Helvetica'), 'Helvetica-Bold': widths('Helvetica-Bold') };
}

/** The file's text, as the repository's formatter writes it. */
export const fontWidthsText = () =>
  resolveConfig(FONT_WIDTHS_FILE).then((config) =>
    format(JSON.stringify({ firstCode: FIRST_CODE, lastCode: LAST_CODE, ...fontWidths() }), {
      ...config,
      parser: 'json',
    }),
  );

if (process.argv[1]?.endsWith('generate-font-widths.ts')) {
  writeFileSync(FONT_WIDTHS_FILE, await fontWidthsText());
  console.log('wrote shared/adapters/pdf/font-widths.json');
}
